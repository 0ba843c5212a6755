import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Citation } from '@/types/api';
import { citationsFromResponse } from '@/features/documents/lib/citations';

/** GET /api/documents/{id}/citations; the answer is a bare array or {citations}. */
export async function getCitations(documentId: string): Promise<Citation[]> {
  const response = await api.get<unknown>(`/api/documents/${encodeURIComponent(documentId)}/citations`);
  return citationsFromResponse(response);
}

export const citationsQueryKey = (documentId: string) => ['documents', documentId, 'citations'] as const;

export const citationsQueryOptions = (documentId: string) =>
  queryOptions({ queryKey: citationsQueryKey(documentId), queryFn: () => getCitations(documentId) });

export function useCitations(documentId: string | null | undefined) {
  return useQuery({ ...citationsQueryOptions(documentId ?? ''), enabled: Boolean(documentId) });
}
