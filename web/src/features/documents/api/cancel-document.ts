import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CancelDocumentResponse {
  success: boolean;
  message: string;
}

/**
 * POST /api/documents/{id}/cancel: the uploader stops a document still being read (a long
 * scan in OCR). The upload then ends with reading's 'cancelled' message; the report stays
 * counted, as the work was accepted.
 */
export async function cancelDocument(input: { documentId: string }): Promise<CancelDocumentResponse> {
  return api.post<CancelDocumentResponse>(`/api/documents/${encodeURIComponent(input.documentId)}/cancel`);
}

export function useCancelDocument() {
  return useMutation({ mutationFn: cancelDocument });
}
