import { z } from 'zod';

/**
 * Billing's events for identity, keyed by the customer's e-mail key (one customer's events in
 * order). A plan change, a cancellation and a failed payment travel as `subscription.changed`
 * (account.ts) with their status; a paid renewal is its own event, since it resets the month's
 * report count without changing the plan.
 */
export const subscriptionRenewedSchema = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  /** Start of the paid period (ISO): the report count restarts from zero in it. */
  periodStart: z.string().datetime(),
  periodEnd: z.string().datetime(),
  renewedAt: z.string().datetime(),
});

export type SubscriptionRenewed = z.infer<typeof subscriptionRenewedSchema>;
