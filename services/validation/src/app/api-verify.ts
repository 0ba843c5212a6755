/**
 * `GET /api/v1/citations/verify` and the MCP tool verify_citation: one case citation, with
 * the name it is given under, judged as in a report. Takes no report (a report is a text or a
 * document checked); the key's rate limit bounds it.
 */
import { verifyCite } from '@citecheck/caselaw';
import { ApiError, toApiCitation, toApiVerdict, type VerifyResponse } from '@citecheck/proto';
import { lawyerVerdict } from '../domain/wording';
import type { ApiDeps } from './api-caller';

export async function verifyCitationForKey(deps: Pick<ApiDeps, 'providers' | 'clock'>, cite: string, name: string | undefined): Promise<VerifyResponse> {
  const result = await verifyCite(cite, name, deps.providers(), { now: deps.clock.now() });
  if (!result) {
    throw new ApiError(422, `No case citation could be read from "${cite.slice(0, 100)}": give volume, reporter and page, e.g. 556 U.S. 662.`, 'no_citation');
  }
  return { citation: { ...toApiCitation(result.citation), verdict: toApiVerdict(result.citation.type, lawyerVerdict(result.verdict)) } };
}
