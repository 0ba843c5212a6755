/**
 * The public API's document routes (`POST /api/v1/documents`, `GET /api/v1/documents/{id}`):
 * the caller's key first (before 10 MB are streamed in), then the multipart form (the file in
 * `document`, an optional `webhookUrl`) checked with the same zod schema the OpenAPI document
 * is generated from, then one use case. Errors keep the product's one shape.
 */
import { readFile, rm } from 'node:fs/promises';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { apiKeyOwner, recordedApiCall, type ApiCaller } from '@citecheck/platform';
import { ApiError, apiKeyFrom, documentFieldsSchema, invalidRequestBody, type IdentityApi } from '@citecheck/proto';
import { documentForKey, submitDocumentForKey, type ApiDocumentDeps } from '../app/api-documents';
import { uploadErrors } from '../domain/errors';
import { parseUpload, uploadedFiles } from './rest';

async function apiHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  try {
    await next();
  } catch (error) {
    if (error instanceof ApiError && typeof error.extra.retryAfterSeconds === 'number') ctx.set('Retry-After', String(error.extra.retryAfterSeconds));
    if (error instanceof ApiError && error.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="CiteCheck API"');
    throw error;
  }
}

function text(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

export function addApiV1Routes(router: Router, deps: ApiDocumentDeps & { identity: Pick<IdentityApi, 'useApiKey'> }): void {
  router.post(
    '/api/v1/documents',
    apiHeaders,
    async (ctx, next) => {
      const apiKey = apiKeyFrom(ctx.get('authorization'));
      ctx.state.apiCaller = await apiKeyOwner(deps.identity, apiKey);
      ctx.state.apiKey = apiKey;
      await next();
    },
    async (ctx, next) => {
      // A refused upload is a call of the key too: recorded with the status it is answered.
      ctx.body = await recordedApiCall(deps, ctx.state.apiCaller as ApiCaller, 'documents.create', async () => {
        await parseUpload(ctx, next);
        return { answer: ctx.state.accepted, citations: 0, status: 202 };
      });
      ctx.status = 202;
    },
    async (ctx) => {
      const { all, document } = uploadedFiles(ctx);
      try {
        if (all.length > 1) throw uploadErrors.tooManyFiles();
        const fields = ((ctx.request as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
        const parsed = documentFieldsSchema.safeParse({ ...(text(fields.webhookUrl) ? { webhookUrl: text(fields.webhookUrl) } : {}) });
        if (!parsed.success) {
          const body = invalidRequestBody(parsed.error);
          throw new ApiError(400, body.message, body.error, { issues: body.issues });
        }
        if (!document) throw uploadErrors.noFile();
        ctx.state.accepted = await submitDocumentForKey(deps, ctx.state.apiCaller as ApiCaller, {
          file: { buffer: await readFile(document.filepath), originalName: document.originalFilename ?? '' },
          webhookUrl: parsed.data.webhookUrl,
          apiKey: ctx.state.apiKey as string,
          ipAddress: ctx.ip || null,
        });
      } finally {
        await Promise.all(all.map((f) => rm(f.filepath, { force: true })));
      }
    },
  );

  router.get('/api/v1/documents/:id', apiHeaders, async (ctx) => {
    const caller = await apiKeyOwner(deps.identity, apiKeyFrom(ctx.get('authorization')));
    ctx.body = await recordedApiCall(deps, caller, 'documents.get', async () => {
      const answer = await documentForKey(deps, caller, ctx.params.id);
      return { answer, citations: answer.citations?.length ?? 0 };
    });
  });
}
