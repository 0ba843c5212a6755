/**
 * The public API's routes validation serves (`/api/v1/check`, `/api/v1/citations/verify`):
 * the caller's key first (401, 429), then the body or query parsed with the same zod schemas
 * the OpenAPI document is generated from (400 invalid_request with the issues), then one use
 * case. Errors keep the product's one shape, `{ error, message, ... }`; a 429 also says
 * Retry-After and a 401 WWW-Authenticate, as HTTP clients expect.
 */
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import { ApiError, apiKeyFrom, checkRequestSchema, invalidRequestBody, verifyQuerySchema } from '@citecheck/proto';
import type { z } from 'zod';
import { apiKeyOwner, recordedApiCall, type ApiDeps } from '../app/api-caller';
import { checkTextForKey } from '../app/api-check';
import { verifyCitationForKey } from '../app/api-verify';

/** Headers every v1 answer carries, refusals included. */
export async function apiHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  try {
    await next();
  } catch (error) {
    if (error instanceof ApiError && typeof error.extra.retryAfterSeconds === 'number') ctx.set('Retry-After', String(error.extra.retryAfterSeconds));
    if (error instanceof ApiError && error.status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="CiteCheck API"');
    throw error;
  }
}

/** `schema`'s parse of `input`, or the API's invalid_request error. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const body = invalidRequestBody(parsed.error);
    throw new ApiError(400, body.message, body.error, { issues: body.issues });
  }
  return parsed.data;
}

function bodyOf(ctx: Context): unknown {
  const body = (ctx.request as { body?: unknown }).body;
  // A body that is not JSON (or none) reads as an empty object: the schema then names what is missing.
  return body && typeof body === 'object' ? body : {};
}

export function addApiV1Routes(router: Router, deps: ApiDeps): void {
  router.post('/api/v1/check', apiHeaders, async (ctx) => {
    const caller = await apiKeyOwner(deps.identity, apiKeyFrom(ctx.get('authorization')));
    ctx.body = await recordedApiCall(deps, caller, 'check', async () => {
      const { text } = parseOr400(checkRequestSchema, bodyOf(ctx));
      const answer = await checkTextForKey(deps, caller, text);
      return { answer, citations: answer.citations.length };
    });
  });

  router.get('/api/v1/citations/verify', apiHeaders, async (ctx) => {
    const caller = await apiKeyOwner(deps.identity, apiKeyFrom(ctx.get('authorization')));
    ctx.body = await recordedApiCall(deps, caller, 'verify', async () => {
      const { cite, name } = parseOr400(verifyQuerySchema, { ...ctx.query });
      return { answer: await verifyCitationForKey(deps, cite, name || undefined), citations: 1 };
    });
  });
}
