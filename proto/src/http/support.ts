import { z } from 'zod';

const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() : ''));

/**
 * POST /api/support-inquiry (SPEC section 7). Lenient: missing or non-string fields become '',
 * and notification answers with SPEC's 'Name, email, and message are required.'
 */
export const supportInquiryBodySchema = z.object({ name: text, email: text, message: text });

export type SupportInquiryBody = z.output<typeof supportInquiryBodySchema>;
