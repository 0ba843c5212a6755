/**
 * Analytics' environment variables on top of the platform's.
 */
import { z } from 'zod';
import { envInt, envUrl, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({
  /** Visitor sessions and page views older than this are deleted; the daily page counts stay. */
  ANALYTICS_RETENTION_DAYS: envInt(1, 3650).default(90),
  /** Visitor sessions and page views stored per UTC day at most (the tracker's storage bound). */
  ANALYTICS_MAX_RECORDS_PER_DAY: envInt(100, 10_000_000).default(20_000),
  /**
   * Tracker calls (track-visitor, track-page-view) one client address may make per minute: a
   * firm's office is one address for many visitors, each making a few; storage is bounded by
   * ANALYTICS_MAX_RECORDS_PER_DAY whatever this allows.
   */
  TRACKING_RATE_LIMIT: envInt(1, 100_000).default(300),
  /** Distributed mode: identity's base URL, for the admin check of the admin reads. */
  IDENTITY_URL: envUrl().optional(),
  /** Distributed mode: shared secret sent to identity's internal routes as `x-internal-token`. */
  INTERNAL_TOKEN: z.string().min(16).optional(),
});

export type AnalyticsConfig = Resolved<z.output<typeof configSchema>>;
