/**
 * Plans and payments end to end over HTTP: identity and billing as the product hosts them,
 * Stripe played by a local server speaking its API (support/fake-stripe.ts), webhooks signed
 * with the stripe library's own test header.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '@citecheck/identity';
import { PLANS } from '@citecheck/proto';
import { createPaymentsWorld, type PaymentsWorld } from './support/payments-world';

const PASSWORD = 'correct horse battery';

let world: PaymentsWorld;

beforeEach(async () => {
  world = await createPaymentsWorld();
});

afterEach(async () => {
  await world.close();
});

function visitor() {
  const tag = randomUUID().slice(0, 8);
  return { name: `Ann ${tag}`, email: `ann.${tag}@firm.test` };
}

/** The PaymentIntent behind a client secret (Stripe's secrets start with the intent's id). */
function intentOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0];
}

async function startSubscription(plan: 'premium' | 'enterprise', who = visitor()) {
  const created = await world.call('POST', '/api/create-subscription', { planType: plan, ...who });
  expect(created.status).toBe(200);
  const paymentIntentId = intentOf(created.body.clientSecret);
  return { who, paymentIntentId, subscriptionId: world.stripe.subscriptionOfIntent(paymentIntentId) };
}

/** A visitor who paid for `plan` and set up the account; its password session. */
async function paidAccount(plan: 'premium' | 'enterprise' = 'premium') {
  const started = await startSubscription(plan);
  const events = world.stripe.confirmPayment(started.paymentIntentId);
  const account = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: started.paymentIntentId, ...started.who, password: PASSWORD, newsletterOptIn: false });
  expect(account.status).toBe(200);
  for (const event of events) expect((await world.stripe.deliver(world.webhookUrl, event)).status).toBe(200);
  const user = await world.identity.authenticate(account.body.sessionToken);
  return { ...started, token: account.body.sessionToken as string, userId: user!.id };
}

/** A free user signed in the way the verification link signs one in: a session without a password. */
async function signedInFreeUser(who = visitor()) {
  expect((await world.call('POST', '/api/auth/register', { ...who, newsletterOptIn: false })).status).toBe(200);
  let link = '';
  await waitForAsync(async () => {
    link = world.mails.find((m) => m.template === 'verification' && m.to === who.email)?.data.link ?? '';
    return link !== '';
  }, 'the verification mail');
  const verified = await world.call('GET', `/api/verify-email?token=${new URL(link).searchParams.get('token')}`);
  expect(verified.status).toBe(200);
  return { who, token: verified.body.sessionToken as string };
}

async function userOf(token: string) {
  const user = await world.identity.authenticate(token);
  if (!user) throw new Error('session not found');
  return user;
}

describe('a visitor pays first, then gets the account', () => {
  it('creates a Stripe customer and an incomplete subscription and answers the client secret', async () => {
    const who = visitor();
    const created = await world.call('POST', '/api/create-subscription', { planType: 'premium', ...who });
    expect(created.status).toBe(200);
    expect(created.body.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_/);
    const [customer] = world.stripe.requestsTo('POST', /^\/v1\/customers$/);
    expect(customer.params).toMatchObject({ email: who.email, name: who.name });
    const [subscription] = world.stripe.requestsTo('POST', /^\/v1\/subscriptions$/);
    expect(subscription.params).toMatchObject({ payment_behavior: 'default_incomplete', items: [{ price: world.stripe.prices.premium.id }] });
  });

  it('creates exactly one account once Stripe says the payment succeeded, even when the call is retried and raced', async () => {
    const { who: payer, paymentIntentId } = await startSubscription('premium');
    const paidBody = { paymentIntentId, ...payer, password: PASSWORD, newsletterOptIn: true };
    const early = await world.call('POST', '/api/create-account-after-payment', paidBody);
    expect(early.status).toBe(402);
    world.stripe.confirmPayment(paymentIntentId);

    const raced = await Promise.all([1, 2, 3].map(() => world.call('POST', '/api/create-account-after-payment', paidBody)));
    const retried = await world.call('POST', '/api/create-account-after-payment', paidBody);
    const answers = [...raced, retried];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const users = await Promise.all(answers.map((a) => userOf(a.body.sessionToken)));
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(users[0]).toMatchObject({ email: payer.email, userType: 'premium', reportLimit: PLANS.premium.reportLimit, passwordSession: true });

    const status = await world.call('GET', '/api/auth/status', undefined, answers[0].body.sessionToken);
    expect(status.body).toMatchObject({ isAuthenticated: true, user: { email: payer.email, userType: 'premium' } });
    // Someone holding only the payment's id gets nothing without the password set with it.
    const stranger = await world.call('POST', '/api/create-account-after-payment', { ...paidBody, password: 'another password' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.sessionToken).toBeUndefined();
  });

  it('refuses a forged or unpaid PaymentIntent id and creates no account', async () => {
    const { who, paymentIntentId } = await startSubscription('enterprise');
    const forged = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: 'pi_forged123', ...who, password: PASSWORD });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Failed to create account after payment');
    const unpaid = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId, ...who, password: PASSWORD });
    expect(unpaid.status).toBe(402);
    const login = await world.call('POST', '/api/auth/login', { email: who.email, password: PASSWORD });
    expect(login.body.sessionToken).toBeUndefined();
  });

  it('is asked of Stripe server-side: a paid intent of another customer does not count', async () => {
    const mine = await startSubscription('premium');
    const theirs = await startSubscription('premium');
    world.stripe.confirmPayment(theirs.paymentIntentId);
    // Their intent succeeded; mine did not. Using my record with a paid-looking claim fails.
    const attempt = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: mine.paymentIntentId, ...mine.who, password: PASSWORD });
    expect(attempt.status).toBe(402);
    expect(world.stripe.requestsTo('GET', new RegExp(`/v1/payment_intents/${mine.paymentIntentId}$`))).toHaveLength(1);
  });
});

describe('no payment starts without a payer who can be given an account', () => {
  it('refuses a signed-out caller without a pending registration before anything is created at Stripe, over REST and GraphQL', async () => {
    for (const body of [{ planType: 'premium' }, { planType: 'premium', email: 'only.mail@firm.test' }, { planType: 'premium', name: 'Only Name' }]) {
      const refused = await world.call('POST', '/api/create-subscription', body);
      expect(refused).toMatchObject({ status: 400, body: { error: 'registration_required' } });
      expect(refused.body.message).toMatch(/^Failed to create subscription: register with your name and e-mail address first/);
    }
    const viaGraphql = await world.call('POST', '/graphql', { query: 'mutation { createSubscription(planType: "enterprise") { clientSecret } }' });
    expect(viaGraphql.body.errors[0].extensions).toMatchObject({ status: 400, code: 'registration_required' });
    const badAddress = await world.call('POST', '/api/create-subscription', { planType: 'premium', name: 'Bad Address', email: 'not-an-address' });
    expect(badAddress).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address.' } });
    expect(world.stripe.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('refuses a verified address (its owner signs in to pay) before anything is created at Stripe', async () => {
    const { who } = await signedInFreeUser();
    const refused = await world.call('POST', '/api/create-subscription', { planType: 'premium', ...who });
    expect(refused).toMatchObject({ status: 409, body: { message: 'This email is already registered. Please use the Sign In option instead.' } });
    expect(world.stripe.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('registered first, not verified, then paid: that registration is the paid account (its password set, its plan applied, one account)', async () => {
    const who = visitor();
    expect((await world.call('POST', '/api/auth/register', { ...who, newsletterOptIn: true })).body).toMatchObject({ alreadyVerified: false });
    const started = await startSubscription('premium', who);
    // The subscription is the account's from the start, at Stripe as on record.
    const customer = world.stripe.subscription(started.subscriptionId).customer as string;
    const customerCreated = world.stripe.requestsTo('POST', /^\/v1\/customers$/)[0];
    expect(customerCreated.params).toMatchObject({ email: who.email, name: who.name, metadata: { userId: expect.any(String) } });
    world.stripe.confirmPayment(started.paymentIntentId);
    const account = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: started.paymentIntentId, ...who, password: PASSWORD, newsletterOptIn: false });
    expect(account.status).toBe(200);
    const user = await userOf(account.body.sessionToken);
    expect(user).toMatchObject({ email: who.email, userType: 'premium', reportLimit: PLANS.premium.reportLimit, passwordSession: true, isVerified: false });
    expect(user.id).toBe(customerCreated.params.metadata.userId);
    expect(world.stripe.subscription(started.subscriptionId).metadata).toMatchObject({ userId: user.id });
    const billing = await world.call('GET', '/api/billing/data', undefined, account.body.sessionToken);
    expect(billing.body).toMatchObject({ subscription: { status: 'active', plan: { nickname: 'Premium' } }, customer: { email: who.email } });
    expect(customer).toMatch(/^cus_/);
    // One account: the registration's own verification link verifies that same paid account.
    const link = world.mails.find((m) => m.template === 'verification' && m.to === who.email)!.data.link;
    const verified = await world.call('GET', `/api/verify-email?token=${new URL(link).searchParams.get('token')}`);
    expect(verified.status).toBe(200);
    expect(await userOf(verified.body.sessionToken)).toMatchObject({ id: user.id, userType: 'premium', isVerified: true });
  });

  it('the page closed after paying: the webhook alone gives the account its plan, and the receipt carries the link that finishes the setup', async () => {
    const who = visitor();
    const started = await startSubscription('enterprise', who);
    for (const event of world.stripe.confirmPayment(started.paymentIntentId)) expect((await world.stripe.deliver(world.webhookUrl, event)).status).toBe(200);
    let receipt: (typeof world.mails)[number] | undefined;
    await waitForAsync(async () => Boolean((receipt = world.mails.find((m) => m.template === 'payment-receipt' && m.to === who.email))), 'the receipt');
    expect(receipt!.data.link).toMatch(/^http:\/\/citecheck\.test\/verify-email\?token=/);
    const opened = await world.call('GET', `/api/verify-email?token=${new URL(receipt!.data.link).searchParams.get('token')}`);
    expect(opened.status).toBe(200);
    let status: { body: any } = { body: null };
    await waitForAsync(async () => {
      status = await world.call('GET', '/api/auth/status', undefined, opened.body.sessionToken);
      return status.body.user?.userType === 'enterprise';
    }, 'the enterprise plan from the webhook');
    expect(status.body).toMatchObject({ isVerified: true, accountSetupRequired: true, user: { email: who.email } });
    const setup = await world.call('POST', '/api/upgrade-account', { password: PASSWORD, userType: 'enterprise' }, opened.body.sessionToken);
    expect(setup).toMatchObject({ status: 200, body: { success: true, sessionToken: expect.any(String) } });
    expect((await world.call('GET', '/api/auth/status', undefined, setup.body.sessionToken)).body.accountSetupRequired).toBe(false);
    expect((await world.call('POST', '/api/auth/login', { email: who.email, password: PASSWORD })).status).toBe(200);
  });

  it("never sets up a signed-in user's payment as a visitor's, nor a payer's password on an address its owner verified", async () => {
    const { token } = await signedInFreeUser();
    const created = await world.call('POST', '/api/create-subscription', { planType: 'premium' }, token);
    const paymentIntentId = intentOf(created.body.clientSecret);
    world.stripe.confirmPayment(paymentIntentId);
    const who = (await userOf(token));
    const takeover = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId, name: who.name, email: who.email, password: PASSWORD, newsletterOptIn: false });
    expect(takeover.status).toBe(400);

    // A stranger pays for someone's address; its owner verifies before the stranger sets a password.
    const owner = visitor();
    const started = await startSubscription('premium', owner);
    world.stripe.confirmPayment(started.paymentIntentId);
    const link = world.mails.find((m) => m.template === 'verification' && m.to === owner.email)!.data.link;
    expect((await world.call('GET', `/api/verify-email?token=${new URL(link).searchParams.get('token')}`)).status).toBe(200);
    const late = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: started.paymentIntentId, ...owner, password: 'the strangers password', newsletterOptIn: false });
    expect(late).toMatchObject({ status: 409, body: { message: 'This email is already registered. Please use the Sign In option instead.' } });
    const signIn = await world.call('POST', '/api/auth/login', { email: owner.email, password: 'the strangers password' });
    expect(signIn.status).not.toBe(200);
    expect(signIn.body.sessionToken).toBeUndefined();
  });
});

describe('an admin deleting a paying user', () => {
  it("cancels the account's subscription at Stripe at once and deletes its customer; Stripe's later events change nothing", async () => {
    const admin = await createPaymentsWorld({ env: { ADMIN_EMAIL: 'admin@firm.test', ADMIN_PASSWORD_HASH: await hashPassword('admin password 123') } });
    try {
      const who = visitor();
      const created = await admin.call('POST', '/api/create-subscription', { planType: 'premium', ...who });
      const paymentIntentId = intentOf(created.body.clientSecret);
      const subscriptionId = admin.stripe.subscriptionOfIntent(paymentIntentId);
      for (const event of admin.stripe.confirmPayment(paymentIntentId)) await admin.stripe.deliver(admin.webhookUrl, event);
      const account = await admin.call('POST', '/api/create-account-after-payment', { paymentIntentId, ...who, password: PASSWORD, newsletterOptIn: false });
      const userId = (await admin.identity.authenticate(account.body.sessionToken))!.id;
      const customer = admin.stripe.subscription(subscriptionId).customer as string;
      expect(admin.stripe.subscription(subscriptionId).status).toBe('active');

      const bearer = `Bearer ${JSON.stringify({ email: 'admin@firm.test', password: 'admin password 123' })}`;
      const deleted = await fetch(`${admin.url}/api/admin/users/${userId}`, { method: 'DELETE', headers: { authorization: bearer } });
      expect(deleted.status).toBe(200);
      await waitForAsync(async () => admin.stripe.subscription(subscriptionId).status === 'canceled', 'the subscription cancelled at Stripe');
      await waitForAsync(async () => !admin.stripe.hasCustomer(customer), 'the customer deleted at Stripe');
      expect(admin.stripe.requestsTo('DELETE', new RegExp(`^/v1/subscriptions/${subscriptionId}$`))).toHaveLength(1);
      // Stripe then tells of the end: nothing is applied to an account that no longer exists.
      expect((await admin.stripe.deliver(admin.webhookUrl, admin.stripe.event('customer.subscription.deleted', admin.stripe.subscription(subscriptionId)))).status).toBe(200);
      expect((await admin.call('POST', '/api/auth/login', { email: who.email, password: PASSWORD })).status).toBe(401);
    } finally {
      await admin.close();
    }
  });
});

describe('the Stripe webhook', () => {
  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    const { subscriptionId, token } = await paidAccount();
    const failed = world.stripe.failRenewal(subscriptionId);
    const forged = await world.stripe.deliver(world.webhookUrl, failed, 'whsec_not_the_endpoint_secret');
    expect(forged.status).toBe(400);
    const unsigned = await fetch(world.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(failed) });
    expect(unsigned.status).toBe(400);
    // Nothing was recorded: the same event, properly signed, is then handled as new.
    expect(world.mails.filter((m) => m.template === 'payment-failed')).toHaveLength(0);
    const genuine = await world.stripe.deliver(world.webhookUrl, failed);
    expect(genuine).toMatchObject({ status: 200, body: { received: true } });
    expect(genuine.body.duplicate).toBeUndefined();
    const data = await world.call('GET', '/api/billing/data', undefined, token);
    expect(data.body.subscription.statusLabel).toBe('Payment Required');
  });

  it('renews the period on invoice.paid and restarts the month count, once per event', async () => {
    const { subscriptionId, userId } = await paidAccount('premium');
    for (let i = 0; i < 3; i += 1) expect(await world.identity.reserveReport(userId)).toMatchObject({ ok: true });
    const renewal = world.stripe.renew(subscriptionId);
    expect((await world.stripe.deliver(world.webhookUrl, renewal)).status).toBe(200);
    let first: any;
    await waitForAsync(async () => {
      first = await world.identity.reserveReport(userId);
      if (first.reportsUsed === 1) return true;
      await world.identity.releaseReport(userId, first.reservationId);
      return false;
    }, 'the month count to restart');
    expect(first).toMatchObject({ ok: true, reportsUsed: 1, reportLimit: 100 });
    expect(await world.identity.reserveReport(userId)).toMatchObject({ reportsUsed: 2 });

    // Stripe delivers at least once: the same event again changes nothing.
    const repeat = await world.stripe.deliver(world.webhookUrl, renewal);
    expect(repeat).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await world.identity.reserveReport(userId)).toMatchObject({ reportsUsed: 3 });
    await waitForAsync(async () => world.mails.some((m) => m.template === 'payment-receipt' && m.data.amount === '$25.00'), 'the receipt');
    const invoiceId = (renewal.data.object as { id: string }).id;
    expect(world.mails.filter((m) => m.messageId === `payment-receipt:${invoiceId}`)).toHaveLength(1);
  });

  it('shows Payment Required after invoice.payment_failed and mails the customer', async () => {
    const { subscriptionId, token, who } = await paidAccount('premium');
    expect((await world.stripe.deliver(world.webhookUrl, world.stripe.failRenewal(subscriptionId))).status).toBe(200);
    const data = await world.call('GET', '/api/billing/data', undefined, token);
    expect(data.body.subscription).toMatchObject({ status: 'past_due', statusLabel: 'Payment Required' });
    await waitForAsync(async () => world.mails.some((m) => m.template === 'payment-failed' && m.to === who.email), 'the payment-failed mail');
  });
});

describe('a payment started and never made', () => {
  it("expires after Stripe's 23 hours: the visitor's pending registration is forgotten and its customer deleted, and the payment can no longer make an account", async () => {
    const { who, paymentIntentId, subscriptionId } = await startSubscription('premium');
    const customerId = world.stripe.subscription(subscriptionId).customer as string;
    expect(world.stripe.hasCustomer(customerId)).toBe(true);
    expect((await world.stripe.deliver(world.webhookUrl, world.stripe.expireIncomplete(subscriptionId))).status).toBe(200);
    expect(world.stripe.hasCustomer(customerId)).toBe(false);
    expect(world.stripe.requestsTo('DELETE', new RegExp(`^/v1/customers/${customerId}$`))).toHaveLength(1);
    const account = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId, ...who, password: PASSWORD, newsletterOptIn: false });
    expect(account.status).toBe(402);
    // Stripe delivers at least once: the repeat deletes nothing more.
    const again = world.stripe.event('customer.subscription.updated', world.stripe.subscription(subscriptionId), { status: 'incomplete' });
    expect((await world.stripe.deliver(world.webhookUrl, again)).status).toBe(200);
    expect(world.stripe.requestsTo('DELETE', /^\/v1\/customers\//)).toHaveLength(1);
  });

  it("is cancelled when the same browser starts a newer attempt (its client secret names it), which reuses the customer and pays as usual", async () => {
    const who = visitor();
    const first = await world.call('POST', '/api/create-subscription', { planType: 'premium', ...who });
    const firstSub = world.stripe.subscriptionOfIntent(intentOf(first.body.clientSecret));
    // A guess at the secret (the right PaymentIntent id) cancels nothing.
    const guessed = await world.call('POST', '/api/create-subscription', { planType: 'premium', ...who, replacing: `${intentOf(first.body.clientSecret)}_secret_guess` });
    expect(guessed.status).toBe(200);
    expect(world.stripe.subscription(firstSub).status).toBe('incomplete');
    expect(world.stripe.requestsTo('DELETE', /^\/v1\/subscriptions\//)).toHaveLength(0);

    const second = await world.call('POST', '/api/create-subscription', { planType: 'enterprise', ...who, replacing: first.body.clientSecret });
    expect(second.status).toBe(200);
    const secondIntent = intentOf(second.body.clientSecret);
    const secondSub = world.stripe.subscriptionOfIntent(secondIntent);
    expect(world.stripe.subscription(firstSub).status).toBe('canceled');
    expect(world.stripe.subscription(secondSub).customer).toBe(world.stripe.subscription(firstSub).customer);
    // Stripe then tells of the cancellation; the customer stays, the newer attempt uses it.
    expect((await world.stripe.deliver(world.webhookUrl, world.stripe.event('customer.subscription.deleted', world.stripe.subscription(firstSub)))).status).toBe(200);
    expect(world.stripe.hasCustomer(world.stripe.subscription(secondSub).customer as string)).toBe(true);

    // The cancelled attempt cannot be paid into an account; the newer one can.
    world.stripe.confirmPayment(secondIntent);
    const account = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: secondIntent, ...who, password: PASSWORD, newsletterOptIn: false });
    expect(account.status).toBe(200);
    expect(await userOf(account.body.sessionToken)).toMatchObject({ email: who.email, userType: 'enterprise' });
    const stale = await world.call('POST', '/api/create-account-after-payment', { paymentIntentId: intentOf(first.body.clientSecret), ...who, password: PASSWORD, newsletterOptIn: false });
    expect(stale.status).toBe(402);
  });

  it("is cancelled when a signed-in user starts another attempt", async () => {
    const { token } = await signedInFreeUser();
    const first = await world.call('POST', '/api/create-subscription', { planType: 'premium' }, token);
    const firstSub = world.stripe.subscriptionOfIntent(intentOf(first.body.clientSecret));
    const second = await world.call('POST', '/api/create-subscription', { planType: 'enterprise' }, token);
    expect(second.status).toBe(200);
    expect(world.stripe.subscription(firstSub).status).toBe('canceled');
    const secondSub = world.stripe.subscriptionOfIntent(intentOf(second.body.clientSecret));
    expect(world.stripe.subscription(secondSub)).toMatchObject({ status: 'incomplete', customer: world.stripe.subscription(firstSub).customer });
    // A signed-in user's customer is the account's: it is never deleted.
    expect(world.stripe.requestsTo('DELETE', /^\/v1\/customers\//)).toHaveLength(0);

    // Paid at Stripe, its webhook not yet here: the record still says incomplete, and the
    // paid subscription is not cancelled for a newer attempt.
    world.stripe.confirmPayment(intentOf(second.body.clientSecret));
    const third = await world.call('POST', '/api/create-subscription', { planType: 'premium' }, token);
    expect(third.status).toBe(200);
    expect(world.stripe.subscription(secondSub).status).toBe('active');
    expect(world.stripe.requestsTo('DELETE', /^\/v1\/subscriptions\//)).toHaveLength(1);
  });
});

describe('events out of order', () => {
  it('keeps a paid period paid when the earlier failure arrives after the successful retry', async () => {
    const { subscriptionId, token } = await paidAccount('premium');
    const failed = world.stripe.failRenewal(subscriptionId);
    world.stripe.now += 24 * 3600;
    const retried = world.stripe.retryInvoice(subscriptionId);
    expect((await world.stripe.deliver(world.webhookUrl, retried)).status).toBe(200);
    expect((await world.stripe.deliver(world.webhookUrl, failed)).status).toBe(200);
    const data = await world.call('GET', '/api/billing/data', undefined, token);
    expect(data.body.subscription).toMatchObject({ status: 'active', statusLabel: 'active' });
  });
});

describe('a paying user', () => {
  it('reads SPEC billing data: plan, status, period, charges and customer', async () => {
    const { token, who } = await paidAccount('premium');
    const data = await world.call('GET', '/api/billing/data', undefined, token);
    expect(data.status).toBe(200);
    expect(data.body).toMatchObject({
      subscription: { plan: { nickname: 'Premium', amount: 2500, interval: 'month' }, status: 'active', statusLabel: 'active', cancelAtPeriodEnd: false },
      charges: [{ amount: 2500, status: 'succeeded' }],
      customer: { email: who.email, name: who.name },
    });
    expect(data.body.subscription.currentPeriodEnd - data.body.subscription.currentPeriodStart).toBe(30 * 24 * 3600);
    expect(typeof data.body.charges[0].created).toBe('number');
    expect(data.body.charges[0].receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\//);
  });

  it('cancels at period end: keeps the plan until then, then returns to free; an older event arriving late changes nothing', async () => {
    const { subscriptionId, token, who } = await paidAccount('premium');
    const stale = world.stripe.event('customer.subscription.updated', world.stripe.subscription(subscriptionId));
    const cancelled = await world.call('POST', '/api/billing/cancel-subscription', undefined, token);
    expect(cancelled).toMatchObject({ status: 200, body: { success: true, cancelAtPeriodEnd: true } });
    expect(world.stripe.subscription(subscriptionId).cancel_at_period_end).toBe(true);
    expect((await world.call('GET', '/api/billing/data', undefined, token)).body.subscription.cancelAtPeriodEnd).toBe(true);
    await waitForAsync(async () => world.mails.some((m) => m.template === 'subscription-cancelled' && m.to === who.email), 'the cancellation mail');
    expect(await userOf(token)).toMatchObject({ userType: 'premium', reportLimit: 100 });

    expect((await world.stripe.deliver(world.webhookUrl, world.stripe.endPeriod(subscriptionId))).status).toBe(200);
    await waitForAsync(async () => (await userOf(token)).userType === 'free', 'the account to return to free');
    expect(await userOf(token)).toMatchObject({ userType: 'free', reportLimit: PLANS.free.reportLimit });

    expect((await world.stripe.deliver(world.webhookUrl, stale)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await userOf(token)).toMatchObject({ userType: 'free' });
    expect((await world.call('GET', '/api/billing/data', undefined, token)).body.subscription.status).toBe('canceled');
  });

  it('upgrades Premium to Enterprise with a prorated charge for the rest of the period', async () => {
    const { subscriptionId, token } = await paidAccount('premium');
    // Half the period is left: Stripe charges half the price difference.
    world.stripe.now += 15 * 24 * 3600;
    const upgraded = await world.call('POST', '/api/billing/upgrade-subscription', { planType: 'enterprise' }, token);
    expect(upgraded).toMatchObject({ status: 200, body: { success: true, userType: 'enterprise' } });
    const [update] = world.stripe.requestsTo('POST', new RegExp(`/v1/subscriptions/${subscriptionId}$`));
    expect(update.params).toMatchObject({ proration_behavior: 'always_invoice', items: [{ price: world.stripe.prices.enterprise.id }] });
    await waitForAsync(async () => (await userOf(token)).userType === 'enterprise', 'the enterprise plan');
    expect(await userOf(token)).toMatchObject({ reportLimit: PLANS.enterprise.reportLimit });
    const data = await world.call('GET', '/api/billing/data', undefined, token);
    expect(data.body.subscription.plan).toMatchObject({ nickname: 'Enterprise', amount: 10000 });
    expect(data.body.charges.map((c: { amount: number }) => c.amount).sort()).toEqual([2500, 3750]);
    // Enterprise is the top: nothing further to upgrade to.
    expect((await world.call('POST', '/api/billing/upgrade-subscription', { planType: 'premium' }, token)).status).toBe(409);
  });

  it('keeps Premium when the prorated payment is declined', async () => {
    const { token } = await paidAccount('premium');
    world.stripe.declineNextCharge = true;
    const refused = await world.call('POST', '/api/billing/upgrade-subscription', { planType: 'enterprise' }, token);
    expect(refused.status).toBe(402);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await userOf(token)).toMatchObject({ userType: 'premium', reportLimit: 100 });
  });

  it('subscribes again when signed in, and the plan applies once Stripe confirms the payment', async () => {
    const { subscriptionId, token } = await paidAccount('premium');
    expect((await world.call('POST', '/api/create-subscription', { planType: 'enterprise' }, token)).status).toBe(409);
    await world.call('POST', '/api/billing/cancel-subscription', undefined, token);
    await world.stripe.deliver(world.webhookUrl, world.stripe.endPeriod(subscriptionId));
    await waitForAsync(async () => (await userOf(token)).userType === 'free', 'the free plan');

    const again = await world.call('POST', '/api/create-subscription', { planType: 'enterprise' }, token);
    expect(again.status).toBe(200);
    const paymentIntentId = intentOf(again.body.clientSecret);
    // The same Stripe customer is used again.
    expect(world.stripe.requestsTo('POST', /^\/v1\/customers$/)).toHaveLength(1);
    expect((await world.call('POST', '/api/confirm-subscription', { paymentIntentId }, token)).status).toBe(402);
    world.stripe.confirmPayment(paymentIntentId);
    const other = await paidAccount('premium');
    expect((await world.call('POST', '/api/confirm-subscription', { paymentIntentId }, other.token)).status).toBe(400);
    expect(await world.call('POST', '/api/confirm-subscription', { paymentIntentId }, token)).toMatchObject({ status: 200, body: { success: true, userType: 'enterprise' } });
    await waitForAsync(async () => (await userOf(token)).userType === 'enterprise', 'the enterprise plan');
    expect(await userOf(token)).toMatchObject({ reportLimit: PLANS.enterprise.reportLimit });
  });

  it('sets up the paid account after a redirect (SPEC upgrade-account): only once Stripe says it is paid, and only with its password', async () => {
    const { subscriptionId, token } = await paidAccount('premium');
    await world.call('POST', '/api/billing/cancel-subscription', undefined, token);
    await world.stripe.deliver(world.webhookUrl, world.stripe.endPeriod(subscriptionId));
    await waitForAsync(async () => (await userOf(token)).userType === 'free', 'the free plan');
    const again = await world.call('POST', '/api/create-subscription', { planType: 'enterprise' }, token);
    const setup = { password: PASSWORD, userType: 'enterprise' };

    expect(await world.call('POST', '/api/upgrade-account', setup, token)).toMatchObject({ status: 402, body: { message: 'Failed to complete account setup.' } });
    world.stripe.confirmPayment(intentOf(again.body.clientSecret));
    expect((await world.call('POST', '/api/upgrade-account', { ...setup, userType: 'premium' }, token)).status).toBe(402);
    expect(await world.call('POST', '/api/upgrade-account', { ...setup, password: 'not the password' }, token)).toMatchObject({ status: 409, body: { message: 'Password setup failed' } });
    expect((await userOf(token)).userType).toBe('free');
    expect(await world.call('POST', '/api/upgrade-account', setup, token)).toMatchObject({ status: 200, body: { success: true, userType: 'enterprise' } });
    expect(await userOf(token)).toMatchObject({ userType: 'enterprise', reportLimit: PLANS.enterprise.reportLimit });
    expect((await world.call('POST', '/api/upgrade-account', setup)).status).toBe(401);
  });

  it('a free user signed in without a password pays in the page: confirmation says a password is needed, the account setup sets it and answers a password session', async () => {
    const { who, token } = await signedInFreeUser();
    expect(await userOf(token)).toMatchObject({ userType: 'free', passwordSession: false });
    const created = await world.call('POST', '/api/create-subscription', { planType: 'premium' }, token);
    expect(created.status).toBe(200);
    const paymentIntentId = intentOf(created.body.clientSecret);
    world.stripe.confirmPayment(paymentIntentId);
    expect(await world.call('POST', '/api/confirm-subscription', { paymentIntentId }, token)).toMatchObject({
      status: 200,
      body: { success: true, userType: 'premium', passwordRequired: true },
    });
    const setup = await world.call('POST', '/api/upgrade-account', { password: PASSWORD, userType: 'premium' }, token);
    expect(setup).toMatchObject({ status: 200, body: { success: true, userType: 'premium', sessionToken: expect.any(String) } });
    const upgraded = await userOf(setup.body.sessionToken);
    expect(upgraded).toMatchObject({ email: who.email, userType: 'premium', reportLimit: PLANS.premium.reportLimit, passwordSession: true });
    expect(upgraded.id).toBe((await userOf(token)).id);
    // A password session confirming its own payment is not asked for one.
    expect((await world.call('POST', '/api/confirm-subscription', { paymentIntentId }, setup.body.sessionToken)).body.passwordRequired).toBe(false);
    expect((await world.call('POST', '/api/auth/login', { email: who.email, password: PASSWORD })).status).toBe(200);
  });

  it('needs a session for billing data, cancellation and upgrades', async () => {
    expect((await world.call('GET', '/api/billing/data')).status).toBe(401);
    expect((await world.call('POST', '/api/billing/cancel-subscription')).status).toBe(401);
    expect((await world.call('POST', '/api/billing/upgrade-subscription', { planType: 'enterprise' })).status).toBe(401);
  });
});

describe("billing's subgraph", () => {
  async function graphql(query: string, variables: Record<string, unknown>, token?: string) {
    return world.call('POST', '/graphql', { query, variables }, token);
  }

  it('serves the same use cases: a visitor subscribes, a paying user reads billing data and cancels', async () => {
    const created = await graphql('mutation($p: String!, $n: String, $e: String) { createSubscription(planType: $p, name: $n, email: $e) { clientSecret subscriptionId } }', {
      p: 'enterprise',
      n: 'Gail Graph',
      e: 'gql@firm.test',
    });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createSubscription.clientSecret).toMatch(/^pi_/);
    expect(world.stripe.subscription(created.body.data.createSubscription.subscriptionId).items.data[0].price.id).toBe(world.stripe.prices.enterprise.id);

    const { token } = await paidAccount('premium');
    const data = await graphql('{ billingData { subscription { plan { nickname amount interval } status statusLabel cancelAtPeriodEnd } customer { email } } }', {}, token);
    expect(data.body.data.billingData.subscription).toEqual({ plan: { nickname: 'Premium', amount: 2500, interval: 'month' }, status: 'active', statusLabel: 'active', cancelAtPeriodEnd: false });
    const cancelled = await graphql('mutation { cancelSubscription { success cancelAtPeriodEnd } }', {}, token);
    expect(cancelled.body.data.cancelSubscription).toEqual({ success: true, cancelAtPeriodEnd: true });
    const anonymous = await graphql('{ billingData { charges { id } } }', {});
    expect(anonymous.body.errors[0].message).toBe('Please sign in to continue.');
  });
});

describe('request limits', () => {
  it('limits the calls that reach Stripe without an account, per client IP, over REST and GraphQL alike', async () => {
    const limited = await createPaymentsWorld({ env: { RATE_LIMIT_PER_IP: '2' } });
    try {
      expect((await limited.call('POST', '/api/create-subscription', { planType: 'premium', ...visitor() })).status).toBe(200);
      const viaGraphql = await limited.call('POST', '/graphql', { query: 'mutation { createSubscription(planType: "premium", name: "Lim It", email: "lim.it@firm.test") { clientSecret } }' });
      expect(viaGraphql.body.errors).toBeUndefined();
      const third = await limited.call('POST', '/api/create-subscription', { planType: 'premium', ...visitor() });
      expect(third).toMatchObject({ status: 429, body: { message: 'Too many requests. Please wait a minute and try again.' } });
      expect(limited.stripe.requestsTo('POST', /^\/v1\/customers$/)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('without Stripe configured', () => {
  it('answers that payments are not configured instead of failing', async () => {
    const bare = await createPaymentsWorld({ configured: false });
    try {
      const created = await bare.call('POST', '/api/create-subscription', { planType: 'premium' });
      expect(created).toMatchObject({ status: 503, body: { message: 'Payments are not configured on this server.' } });
      const hook = await bare.call('POST', '/api/stripe/webhook', {});
      expect(hook.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

async function waitForAsync(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
