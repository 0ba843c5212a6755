/**
 * Analytics' environment variables: only the platform's so far (admin screens come later).
 */
import type { z } from 'zod';
import { platformConfigSchema, type Resolved } from '@citecheck/platform';

export const configSchema = platformConfigSchema.extend({});

export type AnalyticsConfig = Resolved<z.output<typeof configSchema>>;
