/**
 * Paying as lawyers do, in Chromium, through the dialogs, with nothing put in the browser's
 * storage by the test: every journey starts from a fresh browser and goes through the screens a
 * user sees. Stripe is the local FakeStripe (its API behind api.stripe.com, its Stripe.js behind
 * js.stripe.com), which declines 4000 0000 0000 0002 as Stripe does and sends its webhooks to
 * the product; mail is read from the dev outbox, as the user would read their inbox.
 *
 * Each journey ends on Stripe's side: no subscription that bills exists without an account that
 * owns it, and once the account is deleted no subscription of it bills.
 *
 * On the code before these journeys were written, each fails:
 *   registered-then-pay   'Account Creation Failed: This email is already registered'
 *   anonymous-pay         charged with no name or e-mail, then a setup with no fields to fill
 *   pay-then-reload       the setup lost; the plan choice again while the subscription bills
 *   pay-then-Back         nothing anywhere leads back to the setup
 *   receipt mail          its link opens a billing page saying 'No Billing Information'
 *   sign-in elsewhere     'Please verify your email address first', and no way to a link
 *   Stripe.js unreachable a disabled Subscribe button, no card field, no word of why
 *   wrong-then-right coupon  the corrected code refused: 'This email is already registered'
 *   admin deletes a payer    the subscription stays active at Stripe
 */
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '@citecheck/identity';
import { FakeStripe } from '../src/support/fake-stripe';
import { describeInBrowser, mailedLink, mailsTo, newEmail, startSuite, stopSuite, until, verificationLink, type Product } from './harness';
import { ADMIN, CARD_DECLINED, CARD_OK, accountOf, accounts, expectEverySubscriptionOwned, paymentsContext, type PaymentsContext } from './payments-support';

jest.setTimeout(240_000);

const PASSWORD = 'correct horse battery staple';
const COUPON = 'LAWFIRM100';

describeInBrowser('payment journeys browser suite')('Paying without a dead end, as a lawyer does', () => {
  let browser: Browser;
  let product: Product;
  let stripe: FakeStripe;
  const opened: PaymentsContext[] = [];

  beforeAll(async () => {
    stripe = new FakeStripe();
    await stripe.start();
    ({ product, browser } = await startSuite({
      ...stripe.billingEnv(),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: await hashPassword(ADMIN.password),
      COUPONS: `${COUPON}:premium:50`,
    }));
    // Stripe sends its events to the product's webhook, as the README's setup has it do.
    stripe.webhookUrl = `${product.url}/api/stripe/webhook`;
  }, 180_000);

  afterAll(async () => {
    await stopSuite(product, browser);
    await stripe?.stop();
  });

  afterEach(async () => {
    while (opened.length) await opened.pop()!.context.close().catch(() => undefined);
    // Whatever a journey did, Stripe bills nobody the product cannot name.
    await expectEverySubscriptionOwned(product.url, stripe);
  });

  async function fresh(label: string): Promise<PaymentsContext & { page: Page }> {
    const made = await paymentsContext(browser, stripe, label);
    opened.push(made);
    // A declined card is Stripe's 402 to Stripe.js; Chromium logs every refused request.
    made.watch.expect({ reason: "Stripe's 402 for a declined card", matches: (text, where) => /status of 402/.test(text) && where.includes('api.stripe.com') });
    return { ...made, page: await made.context.newPage() };
  }

  /** Home, Upload & Test Now, New User, name and e-mail: 'Check Your Email' (not verified). */
  async function registerFromHome(page: Page, name: string, email: string): Promise<void> {
    await page.goto(product.url);
    await page.getByTestId('sample-upload').click();
    await page.getByTestId('get-started-new-user').click();
    await registerInDialog(page, name, email);
    await page.getByTestId('registration-dialog').locator('button', { hasText: /^Close$/ }).click();
    await page.getByTestId('registration-dialog').waitFor({ state: 'detached' });
  }

  async function registerInDialog(page: Page, name: string, email: string): Promise<void> {
    const dialog = page.getByTestId('registration-dialog');
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await page.getByTestId('registration-submit').click();
    await page.getByTestId('registration-check-email').waitFor();
  }

  /** The payment view of `plan` is open: a declined card first (Stripe says so), then one that pays. */
  async function payWithCard(page: Page, planName: string, declineFirst = false): Promise<void> {
    await page.getByRole('heading', { name: `Complete Your ${planName} Subscription` }).waitFor();
    if (declineFirst) {
      await page.getByTestId('fake-card-number').fill(CARD_DECLINED);
      await page.getByTestId('payment-submit').click();
      await page.getByTestId('toast-title').filter({ hasText: 'Payment Failed' }).waitFor();
      await page.getByText('Your card was declined.').waitFor();
    }
    await page.getByTestId('fake-card-number').fill(CARD_OK);
    await page.getByTestId('payment-submit').click();
    await page.getByRole('heading', { name: `Set Up Your ${planName} Account` }).waitFor();
  }

  async function completeSetup(page: Page): Promise<void> {
    await page.getByTestId('setup-password').fill(PASSWORD);
    await page.getByTestId('setup-confirm').fill(PASSWORD);
    await page.getByTestId('setup-complete').click();
    await page.getByRole('heading', { name: 'Congratulations!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  }

  /** The account signs in with the password chosen in the setup. */
  async function expectPasswordSignsIn(email: string): Promise<void> {
    const login = await fetch(`${product.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(login.status).toBe(200);
  }

  /** Stripe's side of the account: its customers' subscriptions, by status. */
  function subscriptionsOf(userId: string): { id: string; status: string }[] {
    return stripe
      .allSubscriptions()
      .filter((sub) => (stripe.customer(sub.customer as string)?.metadata as Record<string, string> | undefined)?.userId === userId || (sub.metadata as Record<string, string>).userId === userId)
      .map((sub) => ({ id: sub.id as string, status: sub.status as string }));
  }

  /** The account pays for `plan` at Stripe, and once the admin deletes it nothing of it bills. */
  async function expectPaidThenDeleted(email: string, plan: 'premium' | 'enterprise'): Promise<void> {
    await stripe.settled();
    const user = await until(`${email} on the ${plan} plan`, async () => {
      const found = await accountOf(product.url, email);
      return found.userType === plan ? found : null;
    });
    expect(subscriptionsOf(user.id).filter((s) => s.status === 'active')).toHaveLength(1);
    const deleted = await fetch(`${product.url}/api/admin/users/${user.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${JSON.stringify(ADMIN)}` } });
    expect(deleted.status).toBe(200);
    await until(`no subscription of the deleted ${email} billing at Stripe`, async () => subscriptionsOf(user.id).every((s) => !['active', 'past_due', 'trialing', 'incomplete'].includes(s.status)), 20_000);
  }

  it('registered first, then paid: the registration becomes the paid account (one account, its password, its plan)', async () => {
    const { page, watch } = await fresh('registered-then-pay');
    const email = newEmail('registered.first');
    await registerFromHome(page, 'Rita Registered', email);
    const before = await accountOf(product.url, email);
    expect(before).toMatchObject({ isVerified: false, userType: 'free' });

    await page.goto(`${product.url}/subscription`);
    await page.getByTestId('choose-premium').click();
    await payWithCard(page, 'Premium', true);

    // SPEC's account setup: Complete Setup disabled while a field is empty, SPEC's messages.
    expect(await page.getByTestId('setup-complete').isDisabled()).toBe(true);
    await page.getByTestId('setup-password').fill(PASSWORD);
    expect(await page.getByTestId('setup-complete').isDisabled()).toBe(true);
    await page.getByTestId('setup-confirm').fill(`${PASSWORD}!`);
    await page.getByTestId('setup-complete').click();
    await page.getByTestId('toast-title').filter({ hasText: 'Password Mismatch' }).waitFor();
    await page.getByText('Passwords do not match. Please try again.').first().waitFor();
    await page.getByTestId('setup-password').fill('short');
    await page.getByTestId('setup-confirm').fill('short');
    await page.getByTestId('setup-complete').click();
    await page.getByTestId('toast-title').filter({ hasText: 'Password Too Short' }).waitFor();
    await page.getByText('Password must be at least 8 characters long.').first().waitFor();
    await completeSetup(page);
    await page.getByText('Account Created Successfully').waitFor();

    // One account: the registration's, now paid, with the password just chosen.
    const after = await accountOf(product.url, email);
    expect(after.id).toBe(before.id);
    expect(after.userType).toBe('premium');
    // Verified later in this browser, the account and its password stay (sign-in needs a verified address).
    const link = await verificationLink(product.url, email);
    const tab = await page.context().newPage();
    await tab.goto(link);
    await tab.locator('[data-testid=verify-email][data-state=success]').waitFor();
    expect(await accountOf(product.url, email)).toMatchObject({ id: before.id, isVerified: true, userType: 'premium' });
    await expectPasswordSignsIn(email);
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'premium');
  });

  it('an anonymous visitor is sent to register before anything is created at Stripe, then pays and gets the account', async () => {
    const requestsBefore = stripe.requests.length;
    // At the API: a signed-out subscription without a pending registration is refused.
    const bare = await fetch(`${product.url}/api/create-subscription`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ planType: 'premium' }) });
    expect(bare.status).toBe(400);

    const { page, watch } = await fresh('anonymous-pay');
    await page.goto(`${product.url}/subscription`);
    await page.getByTestId('plan-enterprise').getByText('Most Popular').waitFor();
    expect(await page.getByTestId('subscription-back-dashboard').count()).toBe(0);
    await page.getByTestId('choose-enterprise').click();
    // SPEC section 4: signed out, sent to / , where the registration comes first.
    await page.waitForURL(`${product.url}/`);
    const dialog = page.getByTestId('registration-dialog');
    await dialog.getByRole('heading', { name: 'Register to Subscribe' }).waitFor();
    expect(stripe.requests.slice(requestsBefore)).toEqual([]);

    const email = newEmail('anonymous.payer');
    await registerInDialog(page, 'Andy Anonymous', email);
    await page.getByTestId('registration-continue-payment').click();
    await page.waitForURL(/\/subscription\?plan=enterprise$/);
    await page.getByTestId('choose-enterprise').click();
    await payWithCard(page, 'Enterprise');
    await completeSetup(page);
    expect(await accountOf(product.url, email)).toMatchObject({ userType: 'enterprise' });
    // The Stripe customer carries the registration's name and address.
    const mine = stripe.allSubscriptions().filter((s) => stripe.customer(s.customer as string)?.email === email);
    expect(mine.map((s) => s.status)).toEqual(['active']);
    expect(stripe.customer(mine[0].customer as string)).toMatchObject({ email, name: 'Andy Anonymous' });
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'enterprise');
  });

  it('paid, then the page is reloaded: the account setup is still there', async () => {
    const { page, watch } = await fresh('pay-then-reload');
    const email = newEmail('reloader');
    await registerFromHome(page, 'Rory Reload', email);
    await page.goto(`${product.url}/subscription`);
    await page.getByTestId('choose-premium').click();
    await payWithCard(page, 'Premium');
    await page.reload();
    await page.getByRole('heading', { name: 'Set Up Your Premium Account' }).waitFor();
    await completeSetup(page);
    await page.getByTestId('congratulations-view-dashboard').click();
    await page.getByText('No documents yet').waitFor();
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'premium');
  });

  it('paid, then Back: every page leads back to the account setup', async () => {
    const { page, watch } = await fresh('pay-then-back');
    const email = newEmail('back.button');
    await registerFromHome(page, 'Bea Back', email);
    await page.goto(`${product.url}/subscription`);
    await page.getByTestId('choose-premium').click();
    await payWithCard(page, 'Premium');
    await page.goBack();
    await page.waitForURL(`${product.url}/`);
    const notice = page.getByTestId('setup-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Your Premium payment went through');
    await page.getByTestId('setup-notice-finish').click();
    await page.getByRole('heading', { name: 'Set Up Your Premium Account' }).waitFor();
    await completeSetup(page);
    await page.goto(product.url);
    await page.getByTestId('account-menu').filter({ hasText: 'Bea Back' }).waitFor();
    expect(await page.getByTestId('setup-notice').count()).toBe(0);
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'premium');
  });

  it('paid, then the browser is closed: the receipt e-mail leads back to the account setup', async () => {
    const first = await fresh('pay-then-close');
    const email = newEmail('closed.tab');
    await registerFromHome(first.page, 'Cleo Closed', email);
    await first.page.goto(`${product.url}/subscription`);
    await first.page.getByTestId('choose-premium').click();
    await payWithCard(first.page, 'Premium');
    expect(first.watch.problems).toEqual([]);
    await first.context.close();

    // Another browser (a phone's mail app): the receipt's link.
    await until('the Premium plan on the account', async () => (await accountOf(product.url, email)).userType === 'premium');
    const link = await mailedLink(product.url, email, /receipt/i);
    expect(link).toMatch(new RegExp(`^${product.url}/verify-email\\?token=`));
    const { page, watch } = await fresh('receipt-mail');
    await page.goto(link);
    await page.getByTestId('verify-setup').waitFor();
    await page.getByTestId('verify-finish-setup').click();
    await page.getByRole('heading', { name: 'Set Up Your Premium Account' }).waitFor();
    await completeSetup(page);
    await page.getByText('Account Setup Complete').waitFor();
    await page.getByTestId('congratulations-view-dashboard').click();
    await page.getByTestId('dashboard-billing').click();
    await page.getByRole('heading', { name: 'Current Subscription' }).waitFor();
    await page.getByText(email).waitFor();
    await expectPasswordSignsIn(email);
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'premium');
  });

  it('paid, then the browser is closed: signing in with that address elsewhere leads to the account setup', async () => {
    const first = await fresh('pay-then-sign-in');
    const email = newEmail('signs.in.elsewhere');
    await registerFromHome(first.page, 'Sam Signin', email);
    await first.page.goto(`${product.url}/subscription`);
    await first.page.getByTestId('choose-premium').click();
    await payWithCard(first.page, 'Premium');
    await first.context.close();
    await until('the Premium plan on the account', async () => (await accountOf(product.url, email)).userType === 'premium');

    const { page, watch } = await fresh('sign-in-elsewhere');
    watch.expect({ reason: 'the e-mail sign-in answered 403 check_email, as for any address', matches: (text, where) => /status of 403/.test(text) && where.includes('/api/auth/login') });
    const sentBefore = (await mailsTo(product.url, email)).length;
    await page.goto(product.url);
    await page.getByTestId('header-sign-in').click();
    await page.getByTestId('auth-form').getByLabel('Email').fill(email);
    await page.getByTestId('auth-submit').click();
    // The sign-in answers an address not yet verified as it answers every other (it must not
    // tell a stranger which addresses have accounts), and mails that address its verification link.
    await page.getByTestId('auth-sign-in-link-sent').waitFor();
    // The new link, from the mailbox.
    const link = await until('a new verification mail', async () => {
      const mails = await mailsTo(product.url, email);
      return mails.length > sentBefore ? (mails[0].links ?? []).find((l) => l.includes('/verify-email?token=')) : null;
    });
    await page.goto(link);
    await page.getByTestId('verify-finish-setup').click();
    await page.getByRole('heading', { name: 'Set Up Your Premium Account' }).waitFor();
    await completeSetup(page);
    await expectPasswordSignsIn(email);
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'premium');
  });

  it('Stripe.js unreachable: the page says so and offers a retry, which pays once Stripe is reachable', async () => {
    const { page, watch, blockStripeJs, restoreStripeJs } = await fresh('stripe-js-unreachable');
    watch.expect({ reason: 'js.stripe.com unreachable on purpose', matches: (text) => /ERR_INTERNET_DISCONNECTED|Failed to load Stripe\.js/.test(text) });
    const email = newEmail('offline.payer');
    await registerFromHome(page, 'Otto Offline', email);
    await blockStripeJs();
    await page.goto(`${product.url}/subscription`);
    await page.getByTestId('choose-premium').click();
    const unavailable = page.getByTestId('payment-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.innerText()).toMatch(/could not reach Stripe \(js\.stripe\.com\).*offline.*ad-blocker.*firewall/s);
    expect(await unavailable.innerText()).toContain('Nothing has been charged.');
    expect(await page.getByTestId('payment-submit').count()).toBe(0);
    // Still unreachable: trying again says so again.
    await page.getByTestId('payment-retry').click();
    await unavailable.waitFor();

    await restoreStripeJs();
    await page.getByTestId('payment-retry').click();
    await payWithCard(page, 'Premium');
    await completeSetup(page);
    expect(watch.problems).toEqual([]);
    await expectPaidThenDeleted(email, 'premium');
  });

  it('a mistyped coupon, then the right one: the account gets the coupon, not "already registered"', async () => {
    const { page, watch } = await fresh('coupon');
    watch.expect({ reason: 'the 400 refusing the mistyped coupon', matches: (text, where) => /status of 400/.test(text) && where.includes('/api/register/free') });
    const email = newEmail('coupon.user');
    await page.goto(product.url);
    await page.getByTestId('header-create-account').click();
    const form = page.getByTestId('auth-form');
    await form.getByLabel('Full name').fill('Cora Coupon');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('I have a coupon code').check();
    await form.getByRole('textbox', { name: 'Coupon code' }).fill('LAWFIRM1OO');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByTestId('auth-submit').click();
    expect(await page.getByTestId('auth-error').innerText()).toBe('Coupon application failed: this coupon code is not valid.');
    await form.getByRole('textbox', { name: 'Coupon code' }).fill(COUPON.toLowerCase());
    expect(await form.getByRole('textbox', { name: 'Coupon code' }).inputValue()).toBe(COUPON);
    await page.getByTestId('auth-submit').click();
    await page.locator('[data-testid=auth-dialog-done][data-mode=register]').waitFor();
    expect(await page.getByTestId('auth-dialog-done').innerText()).toContain('your coupon is applied');

    // Verified in this browser, the coupon's plan and the password stay.
    const tab = await page.context().newPage();
    await tab.goto(await verificationLink(product.url, email));
    await tab.locator('[data-testid=verify-email][data-state=success]').waitFor();
    expect(await accountOf(product.url, email)).toMatchObject({ userType: 'premium', isVerified: true });
    await expectPasswordSignsIn(email);
    expect(watch.problems).toEqual([]);
  });

  it('the admin deletes a paying user: the dialog says the subscription is cancelled, and Stripe bills no more', async () => {
    const { page, watch } = await fresh('paying-user');
    const email = newEmail('deleted.payer');
    await registerFromHome(page, 'Dee Deleted', email);
    await page.goto(`${product.url}/subscription`);
    await page.getByTestId('choose-enterprise').click();
    await payWithCard(page, 'Enterprise');
    await completeSetup(page);
    const user = await until('the Enterprise plan', async () => {
      const found = await accountOf(product.url, email);
      return found.userType === 'enterprise' ? found : null;
    });
    expect(subscriptionsOf(user.id).map((s) => s.status)).toEqual(['active']);
    expect(watch.problems).toEqual([]);

    const admin = await fresh('admin');
    await admin.page.goto(`${product.url}/metrics`);
    await admin.page.getByTestId('admin-email').fill(ADMIN.email);
    await admin.page.getByTestId('admin-password').fill(ADMIN.password);
    await admin.page.getByTestId('admin-login-submit').click();
    const row = admin.page.locator(`[data-testid=user-row][data-email="${email}"]`);
    await row.getByTestId('delete-user').click();
    const dialog = admin.page.getByTestId('delete-user-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Their Enterprise subscription is cancelled at Stripe at once: no further charges');
    await admin.page.getByTestId('confirm-delete-user').click();
    await admin.page.getByTestId('toast-title').filter({ hasText: 'User Deleted' }).waitFor();
    expect(await admin.page.getByTestId('toast-description').innerText()).not.toBe('User Deleted');
    await until('the subscription cancelled at Stripe', async () => subscriptionsOf(user.id).every((s) => s.status === 'canceled'), 20_000);
    expect((await accounts(product.url)).some((u) => u.email === email)).toBe(false);
    expect(admin.watch.problems).toEqual([]);
  });
});
