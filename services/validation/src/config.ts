/**
 * Validation's environment variables, on top of the platform's. With none set, verdicts come
 * from the local index at `<DATA_DIR>/caselaw.sqlite` (the demo index is built there when no
 * index exists); COURTLISTENER_TOKEN adds CourtListener, which may call a citation "not found".
 */
import path from 'node:path';
import { z } from 'zod';
import { envEnum, envInt, envUrl, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({
  COURTLISTENER_TOKEN: z.string().optional(),
  COURTLISTENER_URL: envUrl().optional(),
  COURTLISTENER_CITATIONS_PER_MINUTE: envInt(1, 10_000).default(60),
  COURTLISTENER_REQUESTS_PER_MINUTE: envInt(1, 10_000).default(80),
  /** Default `<DATA_DIR>/caselaw.sqlite`. */
  CASELAW_INDEX_PATH: z.string().optional(),
  /** Build the demo index when no index exists (off in production, where a missing index is a mistake). */
  CASELAW_DEMO_INDEX: envEnum(['true', 'false'] as const).default('true'),
  /** Opinion texts one signed-in user may fetch per minute (each may cost a CourtListener call). */
  CASE_OPINION_RATE_LIMIT: envInt(1, 10_000).default(20),
  /** Rechecks one uploader may ask per minute (each verifies and stores the citation again). */
  RECHECK_RATE_LIMIT: envInt(1, 10_000).default(10),
  /** Distributed mode: identity's base URL, to check the session behind an opinion request. */
  IDENTITY_URL: envUrl().optional(),
  /** Distributed mode: shared secret for identity's internal routes. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
});

export type ValidationConfig = Resolved<z.output<typeof configSchema>>;

export function indexPathOf(config: Pick<ValidationConfig, 'CASELAW_INDEX_PATH' | 'DATA_DIR'>): string {
  return path.resolve(config.CASELAW_INDEX_PATH ?? path.join(config.DATA_DIR, 'caselaw.sqlite'));
}
