import { z } from 'zod';
import { userTypeSchema } from '../events/account';

/**
 * SPEC.md section 8: error bodies the REST facade sends. The browser reads `message`, then
 * `error`; a limit-reached body carries the usage figures for the upgrade dialog.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
});

export const limitReachedBodySchema = z.object({
  limitReached: z.literal(true),
  message: z.string(),
  error: z.string(),
  reportsUsed: z.number().int().nonnegative(),
  reportLimit: z.number().int().nonnegative(),
  userType: userTypeSchema,
});

/**
 * An upload refused because the subscription's last payment failed (Stripe's past_due): SPEC's
 * 'Payment Required'. Not a limit: the browser shows it as the upload's failure, not the
 * upgrade dialog.
 */
export const paymentRequiredBodySchema = z.object({
  paymentRequired: z.literal(true),
  message: z.string(),
  error: z.literal('payment_required'),
  userType: userTypeSchema,
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
export type PaymentRequiredBody = z.infer<typeof paymentRequiredBodySchema>;
export type LimitReachedBody = z.infer<typeof limitReachedBodySchema>;

/**
 * A failure meant for the user: HTTP status, the user-facing message (SPEC wording), a
 * stable code, and optional extra fields merged into the body (e.g. limit-reached figures,
 * requiresPassword). Domain code throws it; the HTTP layer renders it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'error',
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): Record<string, unknown> {
    return { message: this.message, error: this.code, ...this.extra };
  }
}
