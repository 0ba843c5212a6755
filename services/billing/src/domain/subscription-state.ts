/** Reading Stripe's subscription object (API 2025-10-29.clover: periods live on the items). */
import type Stripe from 'stripe';
import type { SubscriptionState } from '../store';
import { planOfPrice, type PriceIds } from './billing';

export function stateOf(subscription: Stripe.Subscription, prices: PriceIds): Partial<SubscriptionState> {
  const item = subscription.items.data[0];
  const plan = planOfPrice(prices, item?.price?.id);
  return {
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(plan ? { plan } : {}),
    ...(item ? { itemId: item.id, currentPeriodStart: item.current_period_start, currentPeriodEnd: item.current_period_end } : {}),
  };
}

/** The subscription an invoice bills, if it bills one. */
export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  if (!sub) return null;
  return typeof sub === 'string' ? sub : sub.id;
}

/** The subscription period an invoice paid for: its subscription line's period. */
export function periodOfInvoice(invoice: Stripe.Invoice): { start: number; end: number } | null {
  const line = invoice.lines?.data?.find((l) => l.parent?.type === 'subscription_item_details') ?? invoice.lines?.data?.[0];
  return line ? { start: line.period.start, end: line.period.end } : null;
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
