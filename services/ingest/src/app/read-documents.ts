/**
 * Reading documents and reports (SPEC.md section 7, "Documents and citations"). Citations,
 * report creation and the shared report go by 128-bit random ids (the report page sends no
 * credentials, SPEC section 6), so knowing the id is the permission; the user's own list needs
 * a signed-in premium or enterprise user with a password session.
 */
import type { Bus, Clock } from '@citecheck/platform';
import type { AdminCallerInfo, AuthenticatedUser, IdentityApi } from '@citecheck/proto';
import { accountErrors, documentErrors } from '../domain/errors';
import type { DocumentRecord, IngestStore } from '../store/documents';
import { CITATIONS_COUNTER } from './pipeline';
import { ensureReport, toSpecReport } from './reports';

/** What reading documents and creating reports need. */
export interface DocumentReadDeps {
  store: IngestStore;
  bus: Bus;
  clock: Clock;
}

/** SPEC's Document, for a report page or a dashboard card. */
function toSpecDocument(d: DocumentRecord, report: ReturnType<typeof toSpecReport> | null, withEmail: boolean) {
  return {
    id: d.id,
    filename: d.filename,
    fileType: d.fileType,
    uploadedAt: d.uploadedAt,
    validationReport: report,
    ...(withEmail ? { userEmail: d.userEmail } : {}),
  };
}

/** A document by id, without who uploaded it (a federated reference, the `document` query); null when there is none. */
export async function documentById(deps: { store: IngestStore }, documentId: string) {
  const document = await deps.store.document(documentId);
  if (!document) return null;
  const report = await deps.store.reportOfDocument(documentId);
  return toSpecDocument(document, report ? toSpecReport(report) : null, false);
}

/** GET /api/documents/{id}/citations. */
export async function documentCitations(deps: { store: IngestStore }, documentId: string) {
  const document = await deps.store.document(documentId);
  if (!document) throw documentErrors.notFound();
  if (document.stage === 'failed') throw documentErrors.failed(document.failure?.message ?? 'Processing failed', document.failure?.code ?? 'failed');
  const copy = await deps.store.citationsOf(document.id);
  if (document.stage !== 'validated' || !copy) throw documentErrors.processing();
  return { citations: copy.citations };
}

/** POST /api/documents/{id}/report: the document's one report, created on first request. */
export async function createReport(deps: { store: IngestStore; bus: Bus; clock: Clock }, documentId: string) {
  const document = await deps.store.document(documentId);
  if (!document) throw documentErrors.notFound();
  if (document.stage === 'failed') throw documentErrors.failed(document.failure?.message ?? 'Processing failed', document.failure?.code ?? 'failed');
  if (document.stage !== 'validated') throw documentErrors.processing();
  return { report: toSpecReport(await ensureReport(deps, document)) };
}

/**
 * GET /api/reports/{reportId}, the shared report page. No credentials, so no e-mail
 * address: whoever holds the link sees the verdicts, not who uploaded the brief.
 */
export async function sharedReport(deps: { store: IngestStore }, reportId: string) {
  const report = await deps.store.report(reportId);
  const document = report && (await deps.store.document(report.documentId));
  if (!report || !document) throw documentErrors.reportNotFound();
  const spec = toSpecReport(report);
  return { report: spec, document: toSpecDocument(document, spec, false) };
}

/**
 * GET /api/admin/documents, `documents`: every document, newest first, with its report and
 * uploader's e-mail. Identity decides who the admin is (session cookie or SPEC's JSON bearer).
 */
export async function adminDocuments(deps: { store: IngestStore; identity: Pick<IdentityApi, 'adminOf'> }, caller: AdminCallerInfo) {
  if (!(await deps.identity.adminOf(caller))) throw accountErrors.adminRequired();
  const [documents, reports] = await Promise.all([deps.store.allDocuments(), deps.store.allReports()]);
  const byDocument = new Map(reports.map((r) => [r.documentId, toSpecReport(r)]));
  return { documents: documents.map((d) => toSpecDocument(d, byDocument.get(d.id) ?? null, true)) };
}

/**
 * Who uploaded a document, as a reference to identity's User, for the uploader and the admin
 * only; null for anyone else and when nobody is on record. Decided here, not by identity: a
 * query for the user's `id` alone is answered from this reference without asking identity, so
 * anyone holding a report link read the uploader's id (issue 28, finding 3).
 */
export async function uploaderOf(
  deps: { store: IngestStore; identity: Pick<IdentityApi, 'authenticate' | 'adminOf'> },
  documentId: string,
  caller: { sessionToken: string | null; admin: AdminCallerInfo },
): Promise<{ __typename: 'User'; id: string } | null> {
  const document = await deps.store.document(documentId);
  if (!document?.userId) return null;
  const user = caller.sessionToken ? await deps.identity.authenticate(caller.sessionToken) : null;
  const allowed = user?.id === document.userId || (await deps.identity.adminOf(caller.admin)) !== null;
  return allowed ? { __typename: 'User', id: document.userId } : null;
}

/** GET /api/usage-stats: the landing page's counter. */
export async function usageStats(deps: { store: IngestStore }) {
  return { totalCitations: await deps.store.counter(CITATIONS_COUNTER) };
}

/** GET /api/user/documents, the dashboard list: premium and enterprise only, and only with a password session. */
export async function userDocuments(deps: { store: IngestStore }, user: AuthenticatedUser | null) {
  if (!user) throw accountErrors.unauthenticated();
  if (user.userType === 'free') throw accountErrors.upgradeRequired();
  if (!user.passwordSession) throw accountErrors.passwordRequired();
  const documents = await deps.store.validatedDocumentsOf(user.id);
  const reports = new Map((await deps.store.reportsOf(user.id)).map((r) => [r.documentId, toSpecReport(r)]));
  return { documents: documents.map((d) => toSpecDocument(d, reports.get(d.id) ?? null, true)) };
}
