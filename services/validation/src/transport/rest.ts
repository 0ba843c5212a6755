/**
 * Validation's REST routes (SPEC.md section 7): recheck one citation, and a case opinion's text.
 * Both are reached from the report page, which sends no credentials: a citation id is 128
 * random bits, known only to whoever has the report.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { CaseOpinionError } from '@citecheck/caselaw';
import { ApiError } from '@citecheck/proto';
import type { Logger } from 'pino';
import { toSpecCitation } from '@citecheck/proto';
import type { CaseLaw } from '../adapters/caselaw';

export interface RouteDeps {
  recheck(citationId: string): Promise<Parameters<typeof toSpecCitation>[0]>;
  caseLaw: () => CaseLaw;
  logger: Logger;
}

const OPINION_STATUS: Record<CaseOpinionError['code'], number> = { 'not-available': 404, 'not-retrieved': 502, temporary: 503 };

function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function createRoutes(deps: RouteDeps): Router {
  const router = new Router();

  /** Answers the rechecked citation in SPEC's Citation shape. */
  router.post('/api/citations/:id/validate', async (ctx) => {
    const updated = await deps.recheck(ctx.params.id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = toSpecCitation(updated);
  });

  router.post('/api/case-opinion', async (ctx) => {
    const opinionUrl = bodyOf(ctx).opinionUrl;
    if (typeof opinionUrl !== 'string' || !opinionUrl.trim()) {
      throw new ApiError(400, 'Case opinion text not available for this citation', 'not-available');
    }
    const courtListener = deps.caseLaw().courtListener;
    if (!courtListener) {
      // Opinion text lives only on CourtListener, and without a token there is no way to it.
      // That is how this installation is set up, not a failed request: the answer says there is
      // no text here, and the dialog shows the case's details and a link to it instead.
      ctx.body = { opinionText: null, textAvailable: false };
      return;
    }
    try {
      ctx.body = { opinionText: await courtListener.fetchOpinionText(opinionUrl.trim()) };
    } catch (error) {
      if (!(error instanceof CaseOpinionError)) throw error;
      deps.logger.info({ err: error, code: error.code }, 'case opinion not served');
      throw new ApiError(OPINION_STATUS[error.code], error.userMessage, error.code);
    }
  });

  return router;
}
