import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ValidationReport } from '@citecheck/proto/graphql/types';
import type { DocumentSummary } from '@/features/reports/lib/report-export';

export interface ReportResponse {
  report: ValidationReport;
  document: DocumentSummary | null;
}

/**
 * GET /api/reports/{reportId}. Sent without authentication: a report link is shareable,
 * and the unguessable id is the capability (ARCHITECTURE.md "Deliberate departures").
 */
export async function getReport(reportId: string): Promise<ReportResponse> {
  const response = await api.get<Partial<ReportResponse>>(`/api/reports/${encodeURIComponent(reportId)}`, { auth: false });
  if (!response?.report) throw new ReportNotFoundError();
  return { report: response.report, document: response.document ?? null };
}

export class ReportNotFoundError extends Error {
  constructor() {
    super('Report Not Found');
    this.name = 'ReportNotFoundError';
  }
}

export const reportQueryOptions = (reportId: string) => queryOptions({ queryKey: ['reports', reportId], queryFn: () => getReport(reportId) });

export function useReport(reportId: string) {
  return useQuery(reportQueryOptions(reportId));
}
