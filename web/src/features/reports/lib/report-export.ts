import type { Citation, DocumentSummary, ValidationReport } from '@/types/api';

/** The JSON export of the report page: the report, its document and every citation verdict. */
export function buildJsonExport(input: { report: ValidationReport; document: DocumentSummary | null; citations: Citation[]; exportedAt: Date }): string {
  return JSON.stringify(
    {
      exportedAt: input.exportedAt.toISOString(),
      report: input.report,
      document: input.document,
      citations: input.citations,
    },
    null,
    2,
  );
}

export function jsonFileName(reportId: string): string {
  return `citation-validation-report-${reportId}.json`;
}

/** Who goes where from 'Report Not Found' (SPEC section 2). */
export function backLinkFor(auth: { isAuthenticated: boolean; user: { isAdmin?: boolean } | null } | undefined): { to: string; label: string } {
  if (auth?.user?.isAdmin) return { to: '/metrics', label: 'Back to Admin Dashboard' };
  if (auth?.isAuthenticated) return { to: '/dashboard', label: 'Back to Dashboard' };
  return { to: '/', label: 'Back to Home' };
}
