/**
 * The coupon sign-up's use cases against the SQLite store adapter the product uses.
 */
import { createService } from '../service';
import { createWorld, identitySettings, type TestWorld } from '../../test/harness';
import { applyCoupon } from './apply-coupon';
import type { IdentityContext } from './context';
import { registerFree } from './register-free';
import { setCouponPassword } from './set-coupon-password';

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
});
