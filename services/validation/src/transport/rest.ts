/**
 * Validation's REST routes (SPEC.md section 7): recheck one citation, and a case opinion's text
 * (app/case-opinion.ts).
 * Both are reached from the report page. Recheck is for the document's uploader, signed in,
 * within a rate limit (app/recheck-as-owner.ts): a report link hands the citation ids to
 * anyone. An opinion text needs a session, as each one may spend the CourtListener quota.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { caseOpinionBodySchema, sessionTokenFrom, toSpecCitation } from '@citecheck/proto';
import type { CaseLaw } from '../adapters/caselaw';
import { caseOpinion, type CaseOpinionDeps } from '../app/case-opinion';

export interface RouteDeps {
  /** Rechecks as the holder of `sessionToken` (app/recheck-as-owner.ts). */
  recheck(sessionToken: string | null, citationId: string): Promise<Parameters<typeof toSpecCitation>[0]>;
  caseLaw: () => CaseLaw;
  logger: Logger;
  opinions: CaseOpinionDeps;
}

function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function createRoutes(deps: RouteDeps): Router {
  const router = new Router();

  /** Answers the rechecked citation in SPEC's Citation shape. */
  router.post('/api/citations/:id/validate', async (ctx) => {
    const updated = await deps.recheck(sessionTokenFrom(ctx.get('authorization') || null, ctx.get('cookie') || null), ctx.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = toSpecCitation(updated);
  });

  router.post('/api/case-opinion', async (ctx) => {
    const sessionToken = sessionTokenFrom(ctx.get('authorization') || null, ctx.get('cookie') || null);
    ctx.body = await caseOpinion(deps.opinions, sessionToken, caseOpinionBodySchema.parse(bodyOf(ctx)).opinionUrl);
  });

  return router;
}
