/** @jest-environment jsdom */
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { AuthStatus } from '@citecheck/proto/graphql/types';
import { FREE, PREMIUM, SIGNED_OUT } from '@/testing/accounts';
import type { BillingData } from '@citecheck/proto/http/billing';
import { getToasts } from '@/components/ui/toast-store';
import { authStatusQueryKey } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { renderWithProviders } from '@/testing/render';

// The router is stood in for (react-router needs TextEncoder, which jsdom lacks): navigation is
// read from the calls. The screen is loaded after the mock is registered (it is not hoisted).
const mockNavigate = jest.fn<(to: string) => void>();
jest.mock('react-router-dom', () => ({
  useNavigate: () => mockNavigate,
  Link: ({ to, children, ...rest }: { to: string; children: ReactNode }) => (
    <a href={to} {...rest}>
      {children}
    </a>
  ),
}));

// The account status is read again after a cancellation; it answers as the test signed in.
let mockAuth: AuthStatus | null = null;
jest.mock('@/lib/auth-query', () => ({ queryAuthStatus: async () => mockAuth }));

let BillingView: typeof import('./billing-view').BillingView;
beforeAll(async () => {
  ({ BillingView } = await import('./billing-view'));
});


/** Noon, local time, in Stripe's seconds: the dates read the same in any time zone. */
const at = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12).getTime() / 1000;

const DATA: BillingData = {
  subscription: {
    plan: { nickname: 'Premium', amount: 2500, interval: 'month' },
    status: 'active',
    statusLabel: 'active',
    currentPeriodStart: at(2026, 11, 4),
    currentPeriodEnd: at(2026, 12, 4),
    cancelAtPeriodEnd: false,
  },
  charges: [
    { id: 'ch_2', description: 'Premium subscription', created: at(2026, 11, 4), amount: 2500, status: 'succeeded', receiptUrl: 'https://pay.stripe.com/receipts/ch_2' },
    { id: 'ch_1', description: 'Premium renewal', created: at(2026, 10, 4), amount: 2500, status: 'failed', receiptUrl: null },
  ],
  customer: { email: 'paula@firm.test', name: 'Paula Payer' },
};

type Answer = { status: number; body?: unknown };

/** What the API client reads of a fetch answer (jsdom has no Response). */
function answered({ status, body }: Answer) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: '', text: async () => text } as unknown as Response;
}
let answers: Record<string, Answer | (() => Answer)>;
let calls: Array<{ url: string; method: string }>;

beforeEach(() => {
  calls = [];
  answers = {};
  mockNavigate.mockReset();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET' });
    const found = answers[`${init?.method ?? 'GET'} ${url}`];
    const answer = typeof found === 'function' ? found() : found ?? { status: 404, body: { message: 'not here' } };
    return answered(answer);
  }) as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
});

function renderBilling(auth: AuthStatus, reload: () => void = () => undefined) {
  mockAuth = auth;
  const queryClient = createQueryClient();
  queryClient.setQueryData(authStatusQueryKey, auth);
  return renderWithProviders(<BillingView reload={reload} />, queryClient);
}

const lastToast = () => getToasts()[0];

describe('BillingView', () => {
  it("signed out: 'Access Denied', Sign In opens the sign-in dialog, and a link home", async () => {
    const opened: unknown[] = [];
    const listener = (event: Event) => opened.push((event as CustomEvent).detail);
    window.addEventListener('openAuthDialog', listener);
    try {
      renderBilling(SIGNED_OUT);
      expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(opened).toEqual([{ mode: 'login', email: '' }]);
      expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
      expect(calls).toEqual([]);
    } finally {
      window.removeEventListener('openAuthDialog', listener);
    }
  });

  it("free: 'No Billing Information', Upgrade Now goes to /subscription, Go to Home to /, and no billing data is asked for", async () => {
    renderBilling(FREE);
    expect(screen.getByRole('heading', { name: 'No Billing Information' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade Now' }));
    expect(mockNavigate).toHaveBeenCalledWith('/subscription');
    expect(calls).toEqual([]);
  });

  it('free: Go to Home goes to /', () => {
    renderBilling(FREE);
    fireEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(mockNavigate).toHaveBeenCalledWith('/');
  });

  it('paid: skeletons while loading, then the subscription, the history with receipts and the customer', async () => {
    let release: (answer: Answer) => void = () => undefined;
    const pending = new Promise<Answer>((resolve) => (release = resolve));
    globalThis.fetch = jest.fn(async () => {
      return answered(await pending);
    }) as typeof fetch;
    const opened = jest.spyOn(window, 'open').mockReturnValue(null);
    renderBilling(PREMIUM);
    expect(screen.getByRole('status', { name: 'Loading billing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    release({ status: 200, body: DATA });

    const subscription = await screen.findByTestId('billing-subscription');
    expect(within(subscription).getByRole('heading', { name: 'Current Subscription' })).toBeTruthy();
    expect(screen.getByTestId('billing-plan').textContent).toBe('Premium');
    expect(screen.getByTestId('billing-status').textContent).toBe('active');
    expect(within(subscription).getByText('$25.00 / month')).toBeTruthy();
    expect(screen.getByTestId('billing-next-date').textContent).toBe('Dec 04, 2026');
    expect(within(subscription).getByText('Nov 04, 2026 – Dec 04, 2026')).toBeTruthy();
    expect(screen.queryByTestId('billing-payment-required')).toBeNull();
    expect(screen.queryByTestId('billing-cancelling')).toBeNull();

    const rows = screen.getAllByTestId('billing-charge');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Premium subscription')).toBeTruthy();
    expect(within(rows[0]).getByTestId('billing-charge-date').textContent).toBe('Nov 04, 2026');
    expect(within(rows[0]).getByTestId('billing-charge-amount').textContent).toBe('$25.00');
    expect(within(rows[0]).getByTestId('billing-charge-status').textContent).toBe('succeeded');
    // A charge without a receipt has no receipt button.
    expect(within(rows[1]).queryByRole('button', { name: 'Receipt' })).toBeNull();
    expect(within(rows[1]).getByTestId('billing-charge-status').textContent).toBe('failed');
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Receipt' }));
    expect(opened).toHaveBeenCalledWith('https://pay.stripe.com/receipts/ch_2', '_blank', 'noopener,noreferrer');

    const customer = screen.getByTestId('billing-customer');
    expect(within(customer).getByRole('heading', { name: 'Customer Information' })).toBeTruthy();
    expect(within(customer).getByText('paula@firm.test')).toBeTruthy();
    expect(within(customer).getByText('Paula Payer')).toBeTruthy();
  });

  it("shows 'Payment Required' on the destructive badge, with a notice, while a payment is owed", async () => {
    answers['GET /api/billing/data'] = { status: 200, body: { ...DATA, subscription: { ...DATA.subscription!, status: 'past_due', statusLabel: 'Payment Required' } } };
    renderBilling(PREMIUM);
    expect((await screen.findByTestId('billing-status')).textContent).toBe('Payment Required');
    expect(screen.getByTestId('billing-payment-required').getAttribute('role')).toBe('alert');
  });

  it('a cancelling subscription shows the notice and no cancel button', async () => {
    answers['GET /api/billing/data'] = { status: 200, body: { ...DATA, subscription: { ...DATA.subscription!, cancelAtPeriodEnd: true } } };
    renderBilling(PREMIUM);
    expect((await screen.findByTestId('billing-cancelling')).textContent).toMatch(/You keep Premium until Dec 04, 2026/);
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('says what is missing: no billing history, no customer, no subscription', async () => {
    answers['GET /api/billing/data'] = { status: 200, body: { subscription: null, charges: [], customer: null } };
    renderBilling(PREMIUM);
    expect(await screen.findByText('No billing history found')).toBeTruthy();
    expect(screen.getByText('No customer information found.')).toBeTruthy();
    expect(screen.getByText('No active subscription found.')).toBeTruthy();
    expect(screen.queryByTestId('billing-charge')).toBeNull();
  });

  it.each([
    ['a server error', { status: 502, body: { message: 'Failed to fetch billing data', error: 'stripe_error' } }],
    ['no subscription on record', { status: 404, body: { message: 'No Billing Information', error: 'no_billing' } }],
    ['payments not configured', { status: 503, body: { message: 'Payments are not configured on this server.', error: 'payments_not_configured' } }],
  ])("data failing to load (%s): 'No Billing Data Found' and Try Again reloads", async (_what, answer) => {
    answers['GET /api/billing/data'] = answer;
    const reload = jest.fn();
    renderBilling(PREMIUM, reload);
    expect(await screen.findByRole('heading', { name: 'No Billing Data Found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to fetch billing data');
    expect(calls).toEqual([{ url: '/api/billing/data', method: 'GET' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('cancelling asks first: Keep Subscription changes nothing, Cancel Subscription cancels and says until when', async () => {
    let cancelled = false;
    answers['GET /api/billing/data'] = () => ({ status: 200, body: { ...DATA, subscription: { ...DATA.subscription!, cancelAtPeriodEnd: cancelled } } });
    answers['POST /api/billing/cancel-subscription'] = () => {
      cancelled = true;
      return { status: 200, body: { success: true, cancelAtPeriodEnd: true, currentPeriodEnd: DATA.subscription!.currentPeriodEnd } };
    };
    renderBilling(PREMIUM);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Subscription Cancelled'));
    expect(lastToast()?.description).toBe('Your subscription stays active until Dec 04, 2026.');
    expect(await screen.findByTestId('billing-cancelling')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/billing/cancel-subscription']);
  });

  it("a refused cancellation says 'Cancellation Failed'", async () => {
    answers['GET /api/billing/data'] = { status: 200, body: DATA };
    answers['POST /api/billing/cancel-subscription'] = { status: 502, body: { message: 'Failed to cancel subscription. Please try again.', error: 'stripe_error' } };
    renderBilling(PREMIUM);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Cancellation Failed', description: 'Failed to cancel subscription. Please try again.', variant: 'destructive' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeTruthy();
  });
});
