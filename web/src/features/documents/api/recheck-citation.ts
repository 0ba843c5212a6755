import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { citationsQueryKey } from './get-citations';

/** POST /api/citations/{id}/validate: re-runs validation for one citation. */
export function recheckCitation(input: { citationId: string; documentId: string }): Promise<unknown> {
  return api.post(`/api/citations/${encodeURIComponent(input.citationId)}/validate`);
}

/** Afterwards the document's citations are reloaded, so every verdict on screen is the server's. */
export function useRecheckCitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckCitation,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: citationsQueryKey(input.documentId) }),
  });
}
