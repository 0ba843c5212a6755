import { paths } from '@/config/paths';
import type { AuthStatus, Citation, Document, PublicUser, ValidationReport } from '@citecheck/proto/graphql/types';

/** What the REST answers and the report page say about a document. */
export type DocumentSummary = Pick<Document, 'id' | 'filename'> & Partial<Pick<Document, 'fileType' | 'uploadedAt' | 'userEmail'>>;

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

/**
 * Who goes where from 'Report Not Found' (SPEC section 2). `isAdmin` is not in SPEC's auth
 * status; it is honoured when the server marks the admin.
 */
export function backLinkFor(auth: (Omit<AuthStatus, 'user'> & { user: (PublicUser & { isAdmin?: boolean }) | null }) | undefined): { to: string; label: string } {
  if (auth?.user?.isAdmin) return { to: paths.metrics, label: 'Back to Admin Dashboard' };
  if (auth?.isAuthenticated) return { to: paths.dashboard, label: 'Back to Dashboard' };
  return { to: paths.home, label: 'Back to Home' };
}
