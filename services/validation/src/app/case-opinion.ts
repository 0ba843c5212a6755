/**
 * POST /api/case-opinion: a case's opinion text, for the report's opinion dialog. The text is
 * public on CourtListener, but each fetch spends this installation's CourtListener quota, so
 * only a signed-in user may ask, a limited number of times a minute, and a text fetched once
 * is served from memory to everyone after.
 */
import type { Logger } from 'pino';
import { CaseOpinionError } from '@citecheck/caselaw';
import type { RateLimiter } from '@citecheck/platform';
import { ApiError, type AuthenticatedUser } from '@citecheck/proto';
import type { CaseLaw } from '../adapters/caselaw';

const OPINION_STATUS: Record<CaseOpinionError['code'], number> = { 'not-available': 404, 'not-retrieved': 502, temporary: 503 };

export type CaseOpinion = { opinionText: string } | { opinionText: null; textAvailable: false };

/** Opinion texts by URL, least recently used first; a few hundred keep the common cases. */
export class OpinionCache {
  private readonly texts = new Map<string, string>();
  constructor(private readonly maxEntries = 300) {}
  get(url: string): string | undefined {
    const text = this.texts.get(url);
    if (text !== undefined) {
      this.texts.delete(url);
      this.texts.set(url, text);
    }
    return text;
  }
  set(url: string, text: string): void {
    this.texts.delete(url);
    this.texts.set(url, text);
    while (this.texts.size > this.maxEntries) this.texts.delete(this.texts.keys().next().value as string);
  }
}

export interface CaseOpinionDeps {
  caseLaw: () => CaseLaw;
  logger: Logger;
  /** The caller's account from their session; null when signed out. */
  authenticate: (sessionToken: string | null) => Promise<AuthenticatedUser | null>;
  limiter: RateLimiter;
  cache: OpinionCache;
}

export async function caseOpinion(deps: CaseOpinionDeps, sessionToken: string | null, opinionUrl: string): Promise<CaseOpinion> {
  const user = await deps.authenticate(sessionToken);
  if (!user) throw new ApiError(401, 'Please sign in to read the opinion', 'authentication_required');
  if (!opinionUrl) throw new ApiError(400, 'Case opinion text not available for this citation', 'not-available');
  const cached = deps.cache.get(opinionUrl);
  if (cached !== undefined) return { opinionText: cached };
  const courtListener = deps.caseLaw().courtListener;
  if (!courtListener) {
    // Opinion text lives only on CourtListener, and without a token there is no way to it.
    // That is how this installation is set up, not a failed request: the answer says there is
    // no text here, and the dialog shows the case's details and a link to it instead.
    return { opinionText: null, textAvailable: false };
  }
  // Counted only for what reaches CourtListener: reading a cached text costs nothing.
  if (!(await deps.limiter.hit(user.id))) throw new ApiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
  try {
    const opinionText = await courtListener.fetchOpinionText(opinionUrl);
    deps.cache.set(opinionUrl, opinionText);
    return { opinionText };
  } catch (error) {
    if (!(error instanceof CaseOpinionError)) throw error;
    deps.logger.info({ err: error, code: error.code }, 'case opinion not served');
    throw new ApiError(OPINION_STATUS[error.code], error.userMessage, error.code);
  }
}
