/**
 * Sign-ups that must not strand a lawyer: the account a signed-out visitor's payment is for
 * (asked before anything exists at Stripe), the receipt's account-setup link, the status that
 * tells every page the setup is still to do, and a coupon sign-up whose first code was
 * mistyped. Against the SQLite store the product uses.
 */
import { createService } from '../service';
import { createWorld, identitySettings, type TestWorld } from '../../test/harness';
import { accountSetupLink } from './account-setup-link';
import { applyCoupon } from './apply-coupon';
import { applyPlan } from './apply-subscription-change';
import { authStatus } from './auth-status';
import type { IdentityContext } from './context';
import { createPaidAccount } from './create-paid-account';
import { payerAccount } from './payer-account';
import { registerFree } from './register-free';
import { registerUser } from './register-user';
import { setupPaidPlan } from './setup-paid-plan';
import { verifyEmail } from './verify-email';

let world: TestWorld;
let app: IdentityContext;
let stop: () => Promise<void>;

beforeEach(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings({ COUPONS: 'LAWFIRM100:premium:50' }));
  await identity.module.start();
  app = identity.context;
  stop = () => identity.module.stop();
});

afterEach(async () => {
  await stop();
  await world.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('the account a visitor pays for', () => {
  it('is a new unverified account for a new address, the registered one for a pending registration, and never a verified address', async () => {
    const fresh = await payerAccount(app, { name: 'New Payer', email: 'new@firm.test', newsletterOptIn: false });
    expect(fresh).toMatchObject({ ok: true, email: 'new@firm.test', name: 'New Payer' });
    expect(await app.users.byEmail('new@firm.test')).toMatchObject({ isVerified: false, userType: 'free' });
    // Asked again (another attempt): the same account, no second one.
    const again = await payerAccount(app, { name: 'New Payer', email: 'NEW@firm.test', newsletterOptIn: false });
    expect(again.ok && fresh.ok && again.userId === fresh.userId).toBe(true);

    await registerUser(app, { name: 'Reg First', email: 'reg@firm.test', newsletterOptIn: true });
    const registered = await payerAccount(app, { name: 'Typed Otherwise', email: 'reg@firm.test', newsletterOptIn: false });
    expect(registered).toMatchObject({ ok: true, userId: (await app.users.byEmail('reg@firm.test'))!.id, name: 'Reg First' });

    const owner = (await app.users.byEmail('reg@firm.test'))!;
    await app.users.markVerified(owner.id, world.clock.now().toISOString());
    expect(await payerAccount(app, { name: 'Reg First', email: 'reg@firm.test', newsletterOptIn: false })).toMatchObject({
      ok: false,
      reason: 'already_registered',
      message: 'This email is already registered. Please use the Sign In option instead.',
    });
    expect(await payerAccount(app, { name: '', email: 'x@firm.test', newsletterOptIn: false })).toMatchObject({ ok: false, reason: 'invalid_input', message: 'Please fill in all required fields.' });
    expect(await payerAccount(app, { name: 'X', email: 'not-an-address', newsletterOptIn: false })).toMatchObject({ ok: false, reason: 'invalid_input' });
    expect((await app.users.newestFirst()).length).toBe(2);
  });

  it('is set up from the receipt link after the payer closed the page: the link signs in, the status asks for the setup, the setup sets the password', async () => {
    const payer = await payerAccount(app, { name: 'Closed Tab', email: 'closed@firm.test', newsletterOptIn: false });
    if (!payer.ok) throw new Error(payer.message);
    // The payment succeeded; the webhook applied the plan; nobody set a password.
    await applyPlan(app, (await app.users.byId(payer.userId))!, 'premium', 100, world.clock.now().toISOString(), 'active');
    const link = await accountSetupLink(app, payer.userId);
    expect(link).toMatch(/^http:\/\/citecheck\.test\/verify-email\?token=/);
    const verified = await verifyEmail(app, tokenOf(link!));
    if (!verified.success) throw new Error(verified.message);
    const status = await authStatus(app, verified.sessionToken);
    expect(status).toMatchObject({ isAuthenticated: true, isVerified: true, user: { userType: 'premium' }, accountSetupRequired: true });
    const setUp = await setupPaidPlan(app, { userId: payer.userId, password: 'correct horse battery', userType: 'premium', paidAt: world.clock.now().toISOString() });
    if (!setUp.ok) throw new Error(setUp.message);
    expect(await authStatus(app, setUp.sessionToken)).toMatchObject({ accountSetupRequired: false });
    // Set up: the next receipt has no setup link to offer.
    expect(await accountSetupLink(app, payer.userId)).toBeNull();
    expect(await accountSetupLink(app, 'no-such-user')).toBeNull();
  });

  it('asks a free account for no setup', async () => {
    await registerUser(app, { name: 'Free Fay', email: 'fay@firm.test', newsletterOptIn: false });
    const fay = (await app.users.byEmail('fay@firm.test'))!;
    const link = await accountSetupLink(app, fay.id);
    const verified = await verifyEmail(app, tokenOf(link!));
    if (!verified.success) throw new Error(verified.message);
    expect(await authStatus(app, verified.sessionToken)).toMatchObject({ user: { userType: 'free' }, accountSetupRequired: false });
    // A paid account created with its password needs none either.
    const paid = await createPaidAccount(app, {
      paymentId: 'pi_1',
      name: 'Pat Paid',
      email: 'pat@firm.test',
      password: 'correct horse battery',
      newsletterOptIn: false,
      userType: 'premium',
      paidAt: world.clock.now().toISOString(),
    });
    if (!paid.ok) throw new Error(paid.message);
    expect(await authStatus(app, paid.sessionToken)).toMatchObject({ user: { userType: 'premium' }, accountSetupRequired: false });
  });
});

describe('a coupon sign-up with a mistyped code', () => {
  it('refuses a code that does not exist before making the account, so the corrected code signs up', async () => {
    const input = { name: 'Cou Pon', email: 'coupon@firm.test', newsletterOptIn: false };
    await expect(registerFree(app, { ...input, couponCode: 'lawfirm1OO' })).rejects.toMatchObject({ status: 400, message: 'Coupon application failed: this coupon code is not valid.' });
    expect(await app.users.byEmail(input.email)).toBeNull();
    const { signInClaim } = await registerFree(app, { ...input, couponCode: 'lawfirm100' });
    expect(await applyCoupon(app, { email: input.email, couponCode: 'lawfirm100' }, signInClaim)).toMatchObject({ success: true, userType: 'premium' });
  });

  it('lets the browser that made the account moments ago go on with it when a later step failed', async () => {
    const input = { name: 'Re Try', email: 'retry@firm.test', newsletterOptIn: false };
    const { signInClaim } = await registerFree(app, input);
    await expect(applyCoupon(app, { email: input.email, couponCode: 'NOSUCHCODE' }, signInClaim)).rejects.toMatchObject({ status: 400 });
    // Its retry: the same account, with this browser's claim...
    expect(await registerFree(app, { ...input, couponCode: 'LAWFIRM100' }, signInClaim)).toMatchObject({ success: true, signInClaim });
    expect(await applyCoupon(app, { email: input.email, couponCode: 'LAWFIRM100' }, signInClaim)).toMatchObject({ userType: 'premium' });
    // ...but nobody else's, and not once a coupon is on it.
    await expect(registerFree(app, input)).rejects.toMatchObject({ status: 409 });
    await expect(registerFree(app, input, signInClaim)).rejects.toMatchObject({ status: 409 });
    expect((await app.users.newestFirst()).length).toBe(1);
  });
});
