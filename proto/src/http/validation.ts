import { z } from 'zod';

/**
 * POST /api/case-opinion (SPEC section 7). Lenient: a missing or non-string URL becomes '',
 * and validation answers with SPEC's 'Case opinion text not available for this citation'.
 */
export const caseOpinionBodySchema = z.object({
  opinionUrl: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value.trim() : '')),
});

export type CaseOpinionBody = z.output<typeof caseOpinionBodySchema>;
