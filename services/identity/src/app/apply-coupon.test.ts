/**
 * The coupon sign-up's use cases against the SQLite store adapter the product uses.
 */
import { createService } from '../service';
import { createWorld, identitySettings, type TestWorld } from '../../test/harness';
import { applyCoupon } from './apply-coupon';
import type { IdentityContext } from './context';
import { registerFree } from './register-free';
import { setCouponPassword } from './set-coupon-password';
import { voidUnverifiedCredentials } from './void-unverified-credentials';

let world: TestWorld;
let app: IdentityContext;
let stop: () => Promise<void>;

beforeEach(async () => {
  world = createWorld();
  const identity = createService(world.portsFor('identity'), identitySettings());
  await identity.module.start();
  app = identity.context;
  stop = () => identity.module.stop();
});

afterEach(async () => {
  await stop();
  await world.close();
});

describe('coupons', () => {
  it('counts uses atomically against the coupon limit', async () => {
    await registerFree(app, { name: 'A', email: 'a@firm.test', newsletterOptIn: false });
    await registerFree(app, { name: 'B', email: 'b@firm.test', newsletterOptIn: false });
    const results = await Promise.allSettled([
      applyCoupon(app, { email: 'a@firm.test', couponCode: 'once' }),
      applyCoupon(app, { email: 'b@firm.test', couponCode: 'ONCE' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason.message).toMatch(/usage limit/);
  });

  it('applies only to a new, unverified account, and its password is set once', async () => {
    await registerFree(app, { name: 'C', email: 'c@firm.test', newsletterOptIn: false });
    await expect(applyCoupon(app, { email: 'c@firm.test', couponCode: 'NOPE' })).rejects.toMatchObject({ status: 400 });
    await expect(applyCoupon(app, { email: 'c@firm.test', couponCode: 'premiumx' })).resolves.toMatchObject({ userType: 'premium', reportLimit: 100 });
    await expect(setCouponPassword(app, { email: 'c@firm.test', password: 'short' })).rejects.toMatchObject({ message: 'Password must be at least 8 characters long.' });
    await expect(setCouponPassword(app, { email: 'c@firm.test', password: 'first password' })).resolves.toMatchObject({ success: true });
    await expect(setCouponPassword(app, { email: 'c@firm.test', password: 'second password' })).rejects.toMatchObject({ status: 403, message: 'Password setup failed' });

    await registerFree(app, { name: 'D', email: 'd@firm.test', newsletterOptIn: false });
    world.clock.advance(31 * 60 * 1000);
    await expect(applyCoupon(app, { email: 'd@firm.test', couponCode: 'PREMIUMX' })).rejects.toMatchObject({ status: 403 });
  });

  describe('at verification', () => {
    /** A coupon sign-up in one browser (its claim), then the owner's verification with `verifyingClaim`. */
    async function verifyAfterCoupon(email: string, verifyingClaim: (applyingClaim: string) => string | null) {
      const { signInClaim } = await registerFree(app, { name: 'A', email, newsletterOptIn: false });
      await applyCoupon(app, { email, couponCode: 'PREMIUMX' }, signInClaim);
      const user = (await app.users.byEmail(email))!;
      const verified = (await app.users.markVerified(user.id, new Date().toISOString()))!;
      return voidUnverifiedCredentials(app, verified, verifyingClaim(signInClaim));
    }

    it.each<[string, (claim: string) => string | null]>([
      ['another browser (no claim)', () => null],
      ['another browser (a different claim)', (claim) => claim.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))],
    ])('takes the coupon off when the address is verified in %s: free plan, free limit', async (_name, verifyingClaim) => {
      const after = await verifyAfterCoupon('elsewhere@firm.test', verifyingClaim);
      expect(after).toMatchObject({ userType: 'free', reportLimit: 5, couponCode: null, couponAppliedAt: null });
    });

    it('keeps the coupon when the browser that applied it verifies', async () => {
      const after = await verifyAfterCoupon('here@firm.test', (claim) => claim);
      expect(after).toMatchObject({ userType: 'premium', couponCode: 'PREMIUMX' });
    });
  });
});
