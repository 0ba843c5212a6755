import { paths } from '@/config/paths';
import type { AuthStatus, Citation, Document, ValidationReport } from '@citecheck/proto/graphql/types';

/** What the REST answers and the report page say about a document. */
export type DocumentSummary = Pick<Document, 'id' | 'filename'> & Partial<Pick<Document, 'fileType' | 'uploadedAt' | 'userEmail'>>;

/**
 * The JSON export of the report page: the report, its document and every citation verdict,
 * as the API's data, without the GraphQL client's bookkeeping (`__typename` on every object).
 */
export function buildJsonExport(input: { report: ValidationReport; document: DocumentSummary | null; citations: Citation[]; exportedAt: Date }): string {
  return JSON.stringify(
    {
      exportedAt: input.exportedAt.toISOString(),
      report: input.report,
      document: input.document,
      citations: input.citations,
    },
    (key, value: unknown) => (key === '__typename' ? undefined : value),
    2,
  );
}

export function jsonFileName(reportId: string): string {
  return `citation-validation-report-${reportId}.json`;
}

/**
 * Who goes where from 'Report Not Found' (SPEC section 2): the admin back to the console,
 * a signed-in user to the dashboard, anyone else home. The admin is known by the server's
 * admin session, which the route passes in.
 */
export function backLinkFor(auth: Pick<AuthStatus, 'isAuthenticated'> | undefined, isAdmin = false): { to: string; label: string } {
  if (isAdmin) return { to: paths.metrics, label: 'Back to Admin Dashboard' };
  if (auth?.isAuthenticated) return { to: paths.dashboard, label: 'Back to Dashboard' };
  return { to: paths.home, label: 'Back to Home' };
}
