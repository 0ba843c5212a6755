import { formatMonthDayYear } from '@/lib/dates';

/** Stripe amounts are in cents: '$25.00'. */
export function formatAmount(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Stripe times are Unix seconds, written as SPEC section 9's 'MMM dd, yyyy' ('Dec 04, 2026'); '' when there is none. */
export function formatStripeDate(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return formatMonthDayYear(new Date(seconds * 1000));
}

/** The billing period a card shows: 'Nov 24, 2026 – Dec 24, 2026'. */
export function formatPeriod(start: number, end: number): string {
  const from = formatStripeDate(start);
  const to = formatStripeDate(end);
  return from && to ? `${from} – ${to}` : from || to;
}
