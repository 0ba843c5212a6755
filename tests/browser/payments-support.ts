/**
 * What the payment suites share: a browser context that reaches Stripe only through the local
 * FakeStripe (the fake Stripe.js served for js.stripe.com, and Stripe's API at api.stripe.com
 * answered by the fake, so the page's Content-Security-Policy stays as it is in production),
 * and the check each test ends with on Stripe's side: no subscription that bills exists without
 * an account that owns it.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Route } from 'playwright-core';
import type { FakeStripe } from '../src/support/fake-stripe';
import { fakeStripeJs } from './fake-stripe-js';
import { ConsoleWatch, DESKTOP } from './harness';

export const ADMIN = { email: 'admin@citecheck.test', password: 'an admin password for the payments suites' };

/** Stripe's test cards: the first pays, the second is declined (FakeStripe decides, as Stripe does). */
export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 0002';

/** Answers Stripe.js's calls to api.stripe.com from the fake, headers (CORS) and all. */
async function forwardToFake(stripe: FakeStripe, route: Route): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const headers = request.headers();
  const response = await fetch(`${stripe.url}${url.pathname}${url.search}`, {
    method: request.method(),
    headers: {
      ...(headers.authorization ? { authorization: headers.authorization } : {}),
      ...(headers['content-type'] ? { 'content-type': headers['content-type'] } : {}),
      ...(headers.origin ? { origin: headers.origin } : {}),
    },
    body: ['GET', 'HEAD', 'OPTIONS'].includes(request.method()) ? undefined : (request.postData() ?? undefined),
  });
  await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() });
}

export interface PaymentsContext {
  context: BrowserContext;
  watch: ConsoleWatch;
  /** Stripe.js unreachable from now on (offline, an ad-blocker, a firewall), until `restoreStripeJs`. */
  blockStripeJs(): Promise<void>;
  restoreStripeJs(): Promise<void>;
}

/**
 * `options.bypassCSP`: only for a suite that injects axe-core (an inline script the product's
 * Content-Security-Policy refuses, as it should); the payment journeys keep the policy on.
 */
export async function paymentsContext(browser: Browser, stripe: FakeStripe, label: string, options: BrowserContextOptions = DESKTOP): Promise<PaymentsContext> {
  const context = await browser.newContext({ ...options });
  context.setDefaultTimeout(20_000);
  const serveScript = (route: Route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs('https://api.stripe.com') });
  await context.route('https://js.stripe.com/**', serveScript);
  await context.route('https://api.stripe.com/**', (route) => forwardToFake(stripe, route));
  const watch = new ConsoleWatch(context, label);
  const blocked = (route: Route) => route.abort('internetdisconnected');
  return {
    context,
    watch,
    async blockStripeJs() {
      await context.unroute('https://js.stripe.com/**');
      await context.route('https://js.stripe.com/**', blocked);
    },
    async restoreStripeJs() {
      await context.unroute('https://js.stripe.com/**');
      await context.route('https://js.stripe.com/**', serveScript);
    },
  };
}

interface AdminUser {
  id: string;
  email: string;
  userType: string;
  isVerified: boolean;
}

/** Every account, as the admin's API lists them. */
export async function accounts(productUrl: string): Promise<AdminUser[]> {
  const response = await fetch(`${productUrl}/api/admin/users`, { headers: { authorization: `Bearer ${JSON.stringify(ADMIN)}` } });
  if (!response.ok) throw new Error(`GET /api/admin/users: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { users: AdminUser[] }).users;
}

/**
 * Stripe's side after a journey: every subscription that bills (active, past due, trialing) has
 * an account that owns it: its customer names an account (metadata.userId) that exists. Waits
 * for the events Stripe sent first, as the product may still be applying them.
 */
export async function expectEverySubscriptionOwned(productUrl: string, stripe: FakeStripe): Promise<void> {
  await stripe.settled();
  const users = await accounts(productUrl);
  const unowned = stripe
    .liveSubscriptions()
    .map((sub) => ({ sub, owner: (stripe.customer(sub.customer as string)?.metadata as Record<string, string> | undefined)?.userId ?? (sub.metadata as Record<string, string>).userId }))
    .filter(({ owner }) => !owner || !users.some((u) => u.id === owner))
    .map(({ sub, owner }) => `${sub.id} (${sub.status}, customer ${sub.customer}, owner ${owner ?? 'none'})`);
  if (unowned.length > 0) throw new Error(`subscriptions billing at Stripe without an account that owns them:\n  ${unowned.join('\n  ')}`);
}

/** The one account with this address (there must be exactly one). */
export async function accountOf(productUrl: string, email: string): Promise<AdminUser> {
  const found = (await accounts(productUrl)).filter((u) => u.email.toLowerCase() === email.toLowerCase());
  if (found.length !== 1) throw new Error(`expected one account for ${email}, found ${found.length}`);
  return found[0];
}
