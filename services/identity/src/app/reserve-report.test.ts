/**
 * Report limits and plan changes against the SQLite store adapter the product uses.
 */
import { createEvent } from '@citecheck/proto';
import { createService } from '../service';
import { createWorld, identitySettings, type TestWorld } from '../../test/harness';
import type { IdentityContext } from './context';
import { registerFree } from './register-free';
import { registerPaid } from './register-paid';
import { releaseReport } from './release-report';
import { usageOf } from './report-usage';
import { reserveReport } from './reserve-report';

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

async function newUser(email: string): Promise<string> {
  await registerFree(app, { name: 'Bo', email, newsletterOptIn: false });
  return (await app.users.byEmail(email))!.id;
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
    const results = await Promise.all(Array.from({ length: 50 }, () => reserveReport(app, userId)));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(5);
    expect(new Set(ok.map((r) => r.ok && r.reservationId)).size).toBe(5);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(45);
    expect(refused[0]).toEqual({
      ok: false,
      body: { limitReached: true, message: 'Report limit reached', error: 'limit_reached', reportsUsed: 5, reportLimit: 5, userType: 'free' },
    });
    expect(await usageOf(app, userId)).toEqual({ reportLimit: 5, reportsUsed: 5 });
  });

  it('gives a released reservation back once, however often it is released', async () => {
    const userId = await newUser('release@firm.test');
    const first = await reserveReport(app, userId);
    await reserveReport(app, userId);
    if (!first.ok) throw new Error('expected a reservation');
    await Promise.all([releaseReport(app, userId, first.reservationId), releaseReport(app, userId, first.reservationId)]);
    await releaseReport(app, userId, first.reservationId);
    expect((await usageOf(app, userId)).reportsUsed).toBe(1);
    // Someone else's reservation id changes nothing.
    await releaseReport(app, 'another-user', first.reservationId);
    expect((await usageOf(app, userId)).reportsUsed).toBe(1);
  });

  it('applies subscription.changed from the bus and starts a new month for paid plans', async () => {
    const userId = await newUser('paid@firm.test');
    for (let i = 0; i < 5; i += 1) await reserveReport(app, userId);
    expect((await reserveReport(app, userId)).ok).toBe(false);

    const changedAt = world.clock.now().toISOString();
    const event = createEvent('subscription.changed', { userId: null, email: 'PAID@firm.test', userType: 'premium', reportLimit: 100, status: 'active', changedAt }, userId);
    await world.bus.publish('subscription.changed', userId, event);
    await world.bus.publish('subscription.changed', userId, event); // redelivery changes nothing twice
    await waitUntil(async () => (await usageOf(app, userId)).reportLimit === 100, 'the plan change');
    expect(await usageOf(app, userId)).toEqual({ reportLimit: 100, reportsUsed: 0 });

    const taken = await Promise.all(Array.from({ length: 100 }, () => reserveReport(app, userId)));
    expect(taken.every((r) => r.ok)).toBe(true);
    const full = await reserveReport(app, userId);
    expect(full).toMatchObject({ ok: false, body: { reportsUsed: 100, reportLimit: 100, userType: 'premium' } });

    // A reservation taken last month is not given back into the new month.
    const last = taken[99];
    world.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect(await usageOf(app, userId)).toEqual({ reportLimit: 100, reportsUsed: 0 });
    const fresh = await reserveReport(app, userId);
    expect(fresh).toMatchObject({ ok: true, reportsUsed: 1 });
    if (last.ok) await releaseReport(app, userId, last.reservationId);
    expect((await usageOf(app, userId)).reportsUsed).toBe(1);
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
    await registerPaid(app, { name: 'Early', email: 'Early@Firm.test', password: 'long enough', newsletterOptIn: false });
    const user = await app.users.byEmail('early@firm.test');
    expect(user).toMatchObject({ userType: 'enterprise', reportLimit: 500 });
  });
});
