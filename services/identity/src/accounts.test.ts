/**
 * Report limits, plan changes and coupons against the SQLite store adapter the product uses.
 */
import { createEvent } from '@citecheck/proto';
import { Accounts } from './accounts';
import { createService } from './service';
import { createWorld, identitySettings, type TestWorld } from './testing/harness';

let world: TestWorld;
let accounts: Accounts;
let stop: () => Promise<void>;

beforeEach(async () => {
  world = createWorld();
  const identity = await createService(world.portsFor('identity'), identitySettings());
  await identity.module.start();
  accounts = identity.accounts;
  stop = () => identity.module.stop();
});

afterEach(async () => {
  await stop();
  await world.close();
});

async function newUser(email: string): Promise<string> {
  await accounts.registerFree({ name: 'Bo', email });
  const users = await accounts.listUsers();
  return users.find((u) => u.email === email)!.id;
}

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('reserveReport', () => {
  it('lets exactly 5 of 50 concurrent reservations through on a free account', async () => {
    const userId = await newUser('busy@firm.test');
    const results = await Promise.all(Array.from({ length: 50 }, () => accounts.reserveReport(userId)));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    expect(new Set(ok.map((r) => r.ok && r.reservationId)).size).toBe(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(45);
    expect(refused[0]).toEqual({
      ok: false,
      body: { limitReached: true, message: 'Report limit reached', error: 'limit_reached', reportsUsed: 5, reportLimit: 5, userType: 'free' },
    });
    expect(await accounts.reportUsage(userId)).toEqual({ reportLimit: 5, reportsUsed: 5 });
  });

  it('gives a released reservation back once, however often it is released', async () => {
    const userId = await newUser('release@firm.test');
    const first = await accounts.reserveReport(userId);
    await accounts.reserveReport(userId);
    if (!first.ok) throw new Error('expected a reservation');
    await Promise.all([accounts.releaseReport(userId, first.reservationId), accounts.releaseReport(userId, first.reservationId)]);
    await accounts.releaseReport(userId, first.reservationId);
    expect((await accounts.reportUsage(userId)).reportsUsed).toBe(1);
    // Someone else's reservation id changes nothing.
    await accounts.releaseReport('another-user', first.reservationId);
    expect((await accounts.reportUsage(userId)).reportsUsed).toBe(1);
  });

  it('applies subscription.changed from the bus and starts a new month for paid plans', async () => {
    const userId = await newUser('paid@firm.test');
    for (let i = 0; i < 5; i += 1) await accounts.reserveReport(userId);
    expect((await accounts.reserveReport(userId)).ok).toBe(false);

    const changedAt = world.clock.now().toISOString();
    const event = createEvent('subscription.changed', { userId: null, email: 'PAID@firm.test', userType: 'premium', reportLimit: 100, status: 'active', changedAt }, userId);
    await world.bus.publish('subscription.changed', userId, event);
    await world.bus.publish('subscription.changed', userId, event); // redelivery changes nothing twice
    await waitUntil(async () => (await accounts.reportUsage(userId)).reportLimit === 100, 'the plan change');
    expect(await accounts.reportUsage(userId)).toEqual({ reportLimit: 100, reportsUsed: 0 });

    const taken = await Promise.all(Array.from({ length: 100 }, () => accounts.reserveReport(userId)));
    expect(taken.every((r) => r.ok)).toBe(true);
    const full = await accounts.reserveReport(userId);
    expect(full).toMatchObject({ ok: false, body: { reportsUsed: 100, reportLimit: 100, userType: 'premium' } });

    // A reservation taken last month is not given back into the new month.
    const last = taken[99];
    world.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(await accounts.reportUsage(userId)).toEqual({ reportLimit: 100, reportsUsed: 0 });
    const fresh = await accounts.reserveReport(userId);
    expect(fresh).toMatchObject({ ok: true, reportsUsed: 1 });
    if (last.ok) await accounts.releaseReport(userId, last.reservationId);
    expect((await accounts.reportUsage(userId)).reportsUsed).toBe(1);
  });

  it('keeps a plan bought before the account exists and applies it on sign-up', async () => {
    const event = createEvent(
      'subscription.changed',
      { userId: null, email: 'early@firm.test', userType: 'enterprise', reportLimit: 500, status: 'active', changedAt: world.clock.now().toISOString() },
      'early',
    );
    await world.bus.publish('subscription.changed', 'early', event);
    // The consumer runs asynchronously; registering before it ran would (correctly) miss the plan.
    await new Promise((r) => setTimeout(r, 200));
    world.clock.advance(1000);
    await accounts.registerPaid({ name: 'Early', email: 'Early@Firm.test', password: 'long enough' });
    const user = (await accounts.listUsers()).find((u) => u.email === 'Early@Firm.test');
    expect(user).toMatchObject({ userType: 'enterprise', reportLimit: 500 });
  });
});

describe('coupons', () => {
  it('counts uses atomically against the coupon limit', async () => {
    await accounts.registerFree({ name: 'A', email: 'a@firm.test' });
    await accounts.registerFree({ name: 'B', email: 'b@firm.test' });
    const results = await Promise.allSettled([
      accounts.applyCoupon({ email: 'a@firm.test', couponCode: 'once' }),
      accounts.applyCoupon({ email: 'b@firm.test', couponCode: 'ONCE' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason.message).toMatch(/usage limit/);
  });

  it('applies only to a new, unverified account, and its password is set once', async () => {
    await accounts.registerFree({ name: 'C', email: 'c@firm.test' });
    await expect(accounts.applyCoupon({ email: 'c@firm.test', couponCode: 'NOPE' })).rejects.toMatchObject({ status: 400 });
    await expect(accounts.applyCoupon({ email: 'c@firm.test', couponCode: 'premiumx' })).resolves.toMatchObject({ userType: 'premium', reportLimit: 100 });
    await expect(accounts.setCouponPassword({ email: 'c@firm.test', password: 'short' })).rejects.toMatchObject({ message: 'Password must be at least 8 characters long.' });
    await expect(accounts.setCouponPassword({ email: 'c@firm.test', password: 'first password' })).resolves.toMatchObject({ success: true });
    await expect(accounts.setCouponPassword({ email: 'c@firm.test', password: 'second password' })).rejects.toMatchObject({ status: 403, message: 'Password setup failed' });

    await accounts.registerFree({ name: 'D', email: 'd@firm.test' });
    world.clock.advance(31 * 60 * 1000);
    await expect(accounts.applyCoupon({ email: 'd@firm.test', couponCode: 'PREMIUMX' })).rejects.toMatchObject({ status: 403 });
  });
});
