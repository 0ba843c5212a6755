/**
 * POST /api/case-opinion: a case's opinion text, for the report's opinion dialog. Reached from
 * the report page, which sends no credentials; the text is public on CourtListener.
 */
import type { Logger } from 'pino';
import { CaseOpinionError } from '@citecheck/caselaw';
import { ApiError } from '@citecheck/proto';
import type { CaseLaw } from '../adapters/caselaw';

const OPINION_STATUS: Record<CaseOpinionError['code'], number> = { 'not-available': 404, 'not-retrieved': 502, temporary: 503 };

export type CaseOpinion = { opinionText: string } | { opinionText: null; textAvailable: false };

export async function caseOpinion(deps: { caseLaw: () => CaseLaw; logger: Logger }, opinionUrl: string): Promise<CaseOpinion> {
  if (!opinionUrl) throw new ApiError(400, 'Case opinion text not available for this citation', 'not-available');
  const courtListener = deps.caseLaw().courtListener;
  if (!courtListener) {
    // Opinion text lives only on CourtListener, and without a token there is no way to it.
    // That is how this installation is set up, not a failed request: the answer says there is
    // no text here, and the dialog shows the case's details and a link to it instead.
    return { opinionText: null, textAvailable: false };
  }
  try {
    return { opinionText: await courtListener.fetchOpinionText(opinionUrl) };
  } catch (error) {
    if (!(error instanceof CaseOpinionError)) throw error;
    deps.logger.info({ err: error, code: error.code }, 'case opinion not served');
    throw new ApiError(OPINION_STATUS[error.code], error.userMessage, error.code);
  }
}
