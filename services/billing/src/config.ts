import { platformConfigSchema } from '@citecheck/platform';
import type { z } from 'zod';

export const configSchema = platformConfigSchema;
export type BillingConfig = z.output<typeof configSchema>;
