import { platformConfigSchema } from '@citecheck/platform';
import type { z } from 'zod';

export const configSchema = platformConfigSchema;
export type ProgressConfig = z.output<typeof configSchema>;
