import { platformConfigSchema } from '@citecheck/platform';
import type { z } from 'zod';

export const configSchema = platformConfigSchema;
export type AnalyticsConfig = z.output<typeof configSchema>;
