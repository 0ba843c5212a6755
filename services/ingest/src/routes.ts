/**
 * Ingest's REST routes (SPEC.md section 7, "Documents and citations"). Thin: read the
 * request, call the use case, shape SPEC's answer. ApiErrors are rendered by the host as
 * `{message, error, ...extra}`.
 *
 * Which calls need credentials: the upload and the user's document list. Citations, report
 * creation and the report fetch go by 128-bit random ids (the report page sends no
 * credentials, SPEC section 6), so knowing the id is the permission.
 */
import { readFile, rm } from 'node:fs/promises';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { MAX_FILE_BYTES, messageFor } from '@citecheck/reading';
import { ApiError, sessionTokenFrom, type AuthenticatedUser, type IdentityApi } from '@citecheck/proto';
import { accountErrors, documentErrors, uploadErrors } from './domain/errors';
import { CITATIONS_COUNTER } from './events/pipeline';
import { ensureReport, toSpecReport } from './reports';
import type { DocumentRecord, IngestStore } from './store/documents';
import { uploadDocument, type UploadDeps } from './upload';

export interface RouteDeps extends UploadDeps {
  identity: IdentityApi;
  store: IngestStore;
}

/** Formidable stops reading a little past the limit; the exact check is on the bytes. */
const MULTIPART_LIMIT = MAX_FILE_BYTES + 64 * 1024;

function text(value: unknown): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

async function currentUser(identity: IdentityApi, ctx: Context): Promise<AuthenticatedUser | null> {
  return identity.authenticate(sessionTokenFrom(ctx.get('authorization') || null, ctx.get('cookie') || null));
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

export function createRoutes(deps: RouteDeps): Router {
  const router = new Router();

  /** Multipart parsing on this route only, with formidable's limits turned into SPEC's messages. */
  const multipart = koaBody({ multipart: true, urlencoded: false, json: false, text: false, formidable: { maxFileSize: MULTIPART_LIMIT, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 } });
  const parseUpload = async (ctx: Context, next: Next) => {
    try {
      await multipart(ctx, async () => undefined);
    } catch (error) {
      const message = String((error as Error).message ?? '');
      if (/maxFileSize|too large|exceeded/i.test(message)) throw new ApiError(413, messageFor('file-too-large'), 'file-too-large');
      if (/maxFiles/i.test(message)) throw uploadErrors.tooManyFiles();
      throw new ApiError(400, 'The upload could not be read. Please try again.', 'bad_upload');
    }
    await next();
  };

  router.post(
    '/api/documents/upload',
    async (ctx, next) => {
      // Credentials first: nobody streams 10 MB into a server that will refuse them.
      const user = await currentUser(deps.identity, ctx);
      if (!user) throw uploadErrors.unauthenticated();
      ctx.state.user = user;
      await next();
    },
    parseUpload,
    async (ctx) => {
      const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
      const all = Object.values(files).flat() as { filepath: string; originalFilename?: string | null }[];
      try {
        if (all.length > 1) throw uploadErrors.tooManyFiles();
        const file = ([files.document].flat()[0] as (typeof all)[number] | undefined) ?? undefined;
        if (!file) throw uploadErrors.noFile();
        const buffer = await readFile(file.filepath);
        const fields = ((ctx.request as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await uploadDocument(deps, {
          user: ctx.state.user as AuthenticatedUser,
          file: { buffer, originalName: file.originalFilename ?? '' },
          sessionId: text(fields.sessionId),
          ipAddress: ctx.ip || null,
        });
      } finally {
        await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
      }
    },
  );

  router.get('/api/documents/:id/citations', async (ctx) => {
    const document = await deps.store.documents.get(ctx.params.id);
    if (!document) throw documentErrors.notFound();
    if (document.stage === 'failed') throw documentErrors.failed(document.failure?.message ?? 'Processing failed', document.failure?.code ?? 'failed');
    const copy = await deps.store.citations.get(document.id);
    if (document.stage !== 'validated' || !copy) throw documentErrors.processing();
    ctx.body = { citations: copy.citations };
  });

  router.post('/api/documents/:id/report', async (ctx) => {
    const document = await deps.store.documents.get(ctx.params.id);
    if (!document) throw documentErrors.notFound();
    if (document.stage === 'failed') throw documentErrors.failed(document.failure?.message ?? 'Processing failed', document.failure?.code ?? 'failed');
    if (document.stage !== 'validated') throw documentErrors.processing();
    ctx.body = { report: toSpecReport(await ensureReport(deps, document)) };
  });

  /**
   * The shared report page. No credentials (SPEC section 6), so no e-mail address: whoever
   * holds the link sees the verdicts, not who uploaded the brief.
   */
  router.get('/api/reports/:reportId', async (ctx) => {
    const report = await deps.store.reports.get(ctx.params.reportId);
    const document = report && (await deps.store.documents.get(report.documentId));
    if (!report || !document) throw documentErrors.reportNotFound();
    const spec = toSpecReport(report);
    ctx.body = { report: spec, document: toSpecDocument(document, spec, false) };
  });

  router.get('/api/usage-stats', async (ctx) => {
    ctx.body = { totalCitations: await deps.store.counter(CITATIONS_COUNTER) };
  });

  /** The dashboard list: premium and enterprise only, and only with a password session. */
  router.get('/api/user/documents', async (ctx) => {
    const user = await currentUser(deps.identity, ctx);
    if (!user) throw accountErrors.unauthenticated();
    if (user.userType === 'free') throw accountErrors.upgradeRequired();
    if (!user.passwordSession) throw accountErrors.passwordRequired();
    const documents = await deps.store.documents.find({ userId: user.id, stage: 'validated' }, { sort: { uploadedAt: -1 } });
    const reports = new Map((await deps.store.reports.find({ userId: user.id })).map((r) => [r.documentId, toSpecReport(r)]));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { documents: documents.map((d) => toSpecDocument(d, reports.get(d.id) ?? null, true)) };
  });

  return router;
}
