import { api } from '@/lib/api-client';
import type { ValidationReport } from '@citecheck/proto/graphql/types';

/** POST /api/documents/{id}/report: builds the validation report for an uploaded document. */
export async function generateReport(input: { documentId: string; sessionId: string }): Promise<ValidationReport> {
  const response = await api.post<{ report: ValidationReport }>(`/api/documents/${encodeURIComponent(input.documentId)}/report`, {
    sessionId: input.sessionId,
  });
  return response.report;
}
