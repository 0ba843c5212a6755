/**
 * What validation's public API use cases are given: identity (the key behind a call, the
 * report a check takes), the bus for usage records, and the case-law sources. Who the caller
 * is and how a call is recorded are the platform's (public-api.ts), shared with ingest.
 */
import type { Logger } from 'pino';
import type { CaseLawProvider } from '@citecheck/caselaw';
import type { Bus, Clock } from '@citecheck/platform';
import type { IdentityApi } from '@citecheck/proto';

export { apiKeyOwner, recordedApiCall, type ApiCaller } from '@citecheck/platform';

export interface ApiDeps {
  /** Absent on a host without identity (a test): every key is refused. */
  identity?: Pick<IdentityApi, 'useApiKey' | 'reserveReport' | 'releaseReport'>;
  bus: Bus;
  clock: Clock;
  logger: Logger;
  providers: () => CaseLawProvider[];
}
