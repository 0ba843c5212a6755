/**
 * Ingest's REST routes (SPEC.md section 7, "Documents and citations"). Thin: read the
 * request, call the use case, shape SPEC's answer. ApiErrors are rendered by the host as
 * `{message, error, ...extra}`. Who may do what is decided by the use cases in app/.
 */
import { readFile, rm } from 'node:fs/promises';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { MAX_FILE_BYTES, messageFor } from '@citecheck/reading';
import { stageMetrics, type Ports } from '@citecheck/platform';
import { ApiError, annotatedSharingBodySchema, sessionTokenFrom, type AuthenticatedUser, type IdentityApi } from '@citecheck/proto';
import { adminDocuments, createReport, documentCitations, sharedReport, usageStats, userDocuments } from '../app/read-documents';
import { annotatedAccess, annotatedDocument, setAnnotatedSharing } from '../app/annotated-document';
import { cancelDocument } from '../app/cancel-document';
import { uploadDocument, type UploadDeps } from '../app/upload-document';
import { uploadErrors } from '../domain/errors';

export type RouteDeps = UploadDeps & { metrics?: Ports['metrics'] };

/** Formidable stops reading a little past the limit; the exact check is on the bytes. */
const MULTIPART_LIMIT = MAX_FILE_BYTES + 64 * 1024;

function text(value: unknown): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

async function currentUser(identity: IdentityApi, ctx: Context): Promise<AuthenticatedUser | null> {
  return identity.authenticate(sessionTokenFrom(ctx.get('authorization') || null, ctx.get('cookie') || null));
}

/** Multipart parsing for the upload routes only, with formidable's limits turned into SPEC's messages. */
const multipart = koaBody({ multipart: true, urlencoded: false, json: false, text: false, formidable: { maxFileSize: MULTIPART_LIMIT, maxFiles: 1, allowEmptyFiles: true, minFileSize: 0 } });
export async function parseUpload(ctx: Context, next: Next): Promise<void> {
  try {
    await multipart(ctx, async () => undefined);
  } catch (error) {
    const message = String((error as Error).message ?? '');
    if (/maxFileSize|too large|exceeded/i.test(message)) throw new ApiError(413, messageFor('file-too-large'), 'file-too-large');
    if (/maxFiles/i.test(message)) throw uploadErrors.tooManyFiles();
    throw new ApiError(400, 'The upload could not be read. Please try again.', 'bad_upload');
  }
  await next();
}

/** The one file of a multipart upload (the `document` field), read; the temporary files are removed by the caller. */
export interface UploadedFiles {
  all: { filepath: string; originalFilename?: string | null }[];
  document: { filepath: string; originalFilename?: string | null } | undefined;
}

export function uploadedFiles(ctx: Context): UploadedFiles {
  const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
  const all = Object.values(files).flat() as UploadedFiles['all'];
  return { all, document: ([files.document].flat()[0] as UploadedFiles['document']) ?? undefined };
}

/** `attachment` with the name as ASCII (quotes and non-ASCII replaced) and in full as UTF-8 (RFC 6266). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function createRoutes(deps: RouteDeps): Router {
  const router = new Router();

  // Uploads as the first stage: accepted (answered with the verdicts, so the time is the whole
  // check as the lawyer waits for it), rejected (a refusal the user reads) or error.
  const uploads = deps.metrics ? stageMetrics(deps.metrics) : null;
  const countUpload = async (_ctx: Context, next: Next) => {
    if (!uploads) return next();
    const end = uploads.duration.startTimer({ stage: 'upload' });
    let outcome = 'error';
    try {
      await next();
      outcome = 'done';
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) outcome = 'rejected';
      throw error;
    } finally {
      end({ outcome });
      uploads.documents.inc({ stage: 'upload', outcome });
    }
  };

  router.post(
    '/api/documents/upload',
    countUpload,
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

  router.post('/api/documents/:id/cancel', async (ctx) => {
    ctx.body = await cancelDocument(deps, await currentUser(deps.identity, ctx), ctx.params.id);
  });

  router.get('/api/documents/:id/citations', async (ctx) => {
    ctx.body = await documentCitations(deps, ctx.params.id);
  });

  // The annotated brief: the owner's, or anyone's the owner shares it with (app/annotated-document.ts).
  router.get('/api/documents/:id/annotated', async (ctx) => {
    const format = text(ctx.query.format);
    const file = await annotatedDocument(deps, await currentUser(deps.identity, ctx), ctx.params.id, format);
    ctx.set('Content-Type', file.contentType);
    ctx.set('Content-Disposition', contentDisposition(file.filename));
    // Someone's own brief: never kept by a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = file.bytes;
  });

  router.get('/api/documents/:id/annotated/access', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await annotatedAccess(deps, await currentUser(deps.identity, ctx), ctx.params.id);
  });

  router.put('/api/documents/:id/annotated/sharing', async (ctx) => {
    const raw = (ctx.request as { body?: unknown }).body;
    const body = annotatedSharingBodySchema.parse(raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await setAnnotatedSharing(deps, await currentUser(deps.identity, ctx), ctx.params.id, body.shared);
  });

  router.post('/api/documents/:id/report', async (ctx) => {
    ctx.body = await createReport(deps, ctx.params.id);
  });

  router.get('/api/reports/:reportId', async (ctx) => {
    ctx.body = await sharedReport(deps, ctx.params.reportId);
  });

  router.get('/api/usage-stats', async (ctx) => {
    ctx.body = await usageStats(deps);
  });

  // SPEC's admin list; the same use case as the `documents` GraphQL field.
  router.get('/api/admin/documents', async (ctx) => {
    const answer = await adminDocuments(deps, { authorization: ctx.get('authorization') || null, cookie: ctx.get('cookie') || null, ipAddress: ctx.ip || null });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.get('/api/user/documents', async (ctx) => {
    const answer = await userDocuments(deps, await currentUser(deps.identity, ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  return router;
}
