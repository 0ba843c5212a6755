/** Stripe amounts are in cents: '$25.00'. */
export function formatAmount(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Stripe times are Unix seconds: 'December 24, 2026'; '' when there is none. */
export function formatStripeDate(seconds: number | null | undefined): string {
  if (!seconds) return '';
  const date = new Date(seconds * 1000);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** The billing period a card shows: 'Nov 24, 2026 – Dec 24, 2026' in full month names. */
export function formatPeriod(start: number, end: number): string {
  const from = formatStripeDate(start);
  const to = formatStripeDate(end);
  return from && to ? `${from} – ${to}` : from || to;
}
