/**
 * `POST /api/v1/check` and the MCP tool check_citations: a text's citations and their
 * verdicts, answered at once, as the key's owner. One check is one report, as an upload is:
 * it is taken from the owner's plan first (identity's conditional increment, so a free key
 * stops at the free limit however many calls race) and given back if the check fails.
 */
import { checkText, TooManyCitationsError } from '@citecheck/caselaw';
import { ApiError, MAX_CITATIONS_PER_DOCUMENT, summarize, toApiCitation, toApiQuote, toApiVerdict, tooManyCitationsMessage, type CheckResponse } from '@citecheck/proto';
import { lawyerVerdict } from '../domain/wording';
import type { ApiCaller, ApiDeps } from './api-caller';

export async function checkTextForKey(deps: ApiDeps, caller: ApiCaller, text: string): Promise<CheckResponse> {
  if (!deps.identity) throw new ApiError(503, 'Service unavailable. Please try again later.', 'service_unavailable');
  const reservation = await deps.identity.reserveReport(caller.user.id);
  if (!reservation.ok) {
    const body = reservation.body;
    throw 'paymentRequired' in body ? new ApiError(402, body.message, body.error, { ...body }) : new ApiError(403, body.message, body.error, { ...body });
  }
  try {
    const { citations, verdicts, quotes } = await checkText(text, deps.providers(), { now: deps.clock.now(), maxCitations: MAX_CITATIONS_PER_DOCUMENT });
    const checked = citations.map((c, i) => ({
      ...toApiCitation(c),
      verdict: toApiVerdict(c.type, lawyerVerdict(verdicts[i])),
      ...(c.type === 'case' ? { quotes: quotes[i].map(toApiQuote) } : {}),
    }));
    return { citations: checked, summary: summarize(checked), usage: { reportsUsed: reservation.reportsUsed, reportLimit: reservation.reportLimit } };
  } catch (error) {
    // Nothing was checked: the report goes back (release is idempotent per reservation).
    await deps.identity.releaseReport(caller.user.id, reservation.reservationId).catch((err: unknown) => {
      deps.logger.error({ err, userId: caller.user.id }, 'a failed check kept its report: the release failed');
    });
    if (error instanceof TooManyCitationsError) throw new ApiError(422, tooManyCitationsMessage(error.limit), 'too_many_citations');
    throw error;
  }
}
