/** Analytics consumes the pipeline's and identity's events to keep usage records and its user directory. */
import type { Consumer } from '@citecheck/platform';
import { CONSUMER, usageHandlers, type UsageDeps } from '../app/record-usage';

export function consumers(deps: UsageDeps): Consumer[] {
  return Object.entries(usageHandlers(deps)).map(([topic, handle]) => ({ topic, group: CONSUMER, handle, options: { maxAttempts: 8, backoffMs: 500 } }));
}
