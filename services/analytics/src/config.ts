/**
 * Analytics' environment variables on top of the platform's.
 */
import type { z } from 'zod';
import { envInt, platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({
  /** Visitor sessions and page views older than this are deleted; the daily page counts stay. */
  ANALYTICS_RETENTION_DAYS: envInt(1, 3650).default(90),
});

export type AnalyticsConfig = Resolved<z.output<typeof configSchema>>;
