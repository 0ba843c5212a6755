import pino from 'pino';
import { createEmbeddedBus, createSqliteStore } from '@citecheck/platform';
import { createEvent, type EventEnvelope } from '@citecheck/proto';
import { auditRepository, blacklistRepository } from '../store/admin';
import { auditHandler } from './record-audit';
import { usageRepository, userDirectory } from '../store/usage';
import { visitorRepository } from '../store/visitors';
import { adminUseCases } from './admin';
import { usageHandlers } from './record-usage';
import { trackingUseCases } from './track-visitors';

function setup(identity?: { adminOf: (caller: { authorization: string | null; cookie: string | null; ipAddress: string | null }) => Promise<string | null> }) {
  const store = createSqliteStore({ dir: ':memory:', service: 'analytics' });
  const clock = { now: () => new Date() };
  const usage = usageRepository(store);
  const handlers = usageHandlers({ usage, users: userDirectory(store), logger: pino({ level: 'silent' }) });
  const admin = adminUseCases({ identity, usage, clock, tracking: trackingUseCases({ visitors: visitorRepository(store), clock }) });
  return { admin, handlers };
}

const ADMIN = { authorization: 'Bearer {"email":"a","password":"b"}', ip: '127.0.0.1' };

describe('admin reads', () => {
  it('lists the usage records and their stats to the admin, whom identity recognises', async () => {
    const asked: [string | null, string | null][] = [];
    const { admin, handlers } = setup({
      adminOf: async ({ authorization, ipAddress }) => (asked.push([authorization, ipAddress]), authorization === ADMIN.authorization ? 'admin@citecheck.test' : null),
    });
    await handlers['document.uploaded'](
      createEvent('document.uploaded', { documentId: 'd1', filename: 'brief.pdf', fileType: 'pdf', size: 10, blobKey: 'k', sessionId: 's', userId: null, userEmail: null, ipAddress: '10.0.0.1', uploadedAt: new Date().toISOString() }, 'd1'),
    );
    expect(await admin.usageMetrics(ADMIN)).toMatchObject([{ id: 'd1', documentName: 'brief.pdf', status: 'processing' }]);
    expect(await admin.stats(ADMIN)).toMatchObject({ totalDocuments: 1 });
    expect(asked).toEqual([[ADMIN.authorization, ADMIN.ip], [ADMIN.authorization, ADMIN.ip]]);
    await expect(admin.usageMetrics({ authorization: null, ip: null })).rejects.toMatchObject({ status: 401 });
  });

  it('refuses every admin read when identity is not reachable (no IDENTITY_URL)', async () => {
    const { admin } = setup(undefined);
    await expect(admin.usageMetrics(ADMIN)).rejects.toMatchObject({ status: 403 });
    await expect(admin.stats(ADMIN)).rejects.toMatchObject({ status: 403 });
    await expect(admin.visitorAnalytics(ADMIN, {})).rejects.toMatchObject({ status: 403 });
  });
});

describe('the blacklist and the audit log', () => {
  const ADMIN_EMAIL = 'admin@citecheck.test';
  function world() {
    const store = createSqliteStore({ dir: ':memory:', service: 'analytics' });
    const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 20 });
    const clock = { now: () => new Date('2026-03-01T10:00:00.000Z') };
    const audit = auditRepository(store);
    const admin = adminUseCases({
      identity: { adminOf: async ({ authorization }) => (authorization === ADMIN.authorization ? ADMIN_EMAIL : null) },
      usage: usageRepository(store),
      clock,
      tracking: trackingUseCases({ visitors: visitorRepository(store), clock }),
      blacklist: blacklistRepository(store),
      audit,
      bus,
    });
    const published: EventEnvelope[] = [];
    const listen = (topic: string) => bus.subscribe(topic, 'test', async (event) => void published.push(event));
    return { admin, audit, bus, published, listen };
  }

  it('blocks and unblocks an address for the admin only, tells the gateways and records who did it', async () => {
    const { admin, audit, bus, published, listen } = world();
    const subscriptions = await Promise.all(['ip.blocked', 'ip.unblocked', 'admin.action'].map(listen));
    await expect(admin.blockIp({ authorization: null, ip: null }, { ipAddress: '203.0.113.7' })).rejects.toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(await admin.blockIp(ADMIN, { ipAddress: ' ::ffff:203.0.113.7 ', reason: '  scraping ' })).toEqual({
      ipAddress: '203.0.113.7', reason: 'scraping', blockedAt: '2026-03-01T10:00:00.000Z', blockedBy: ADMIN_EMAIL,
    });
    // Again: the first entry stands.
    expect((await admin.blockIp(ADMIN, { ipAddress: '203.0.113.7', reason: 'other' })).reason).toBe('scraping');
    expect(await admin.blacklist(ADMIN)).toEqual({ blacklistedIPs: [expect.objectContaining({ ipAddress: '203.0.113.7' })], totalBlacklisted: 1 });
    expect(await admin.blockedAddresses()).toEqual(['203.0.113.7']);
    expect(await admin.unblockIp(ADMIN, { ipAddress: '203.0.113.7' })).toEqual({ success: true, message: 'IP Unblocked' });
    await expect(admin.unblockIp(ADMIN, { ipAddress: '203.0.113.7' })).rejects.toMatchObject({ status: 404, message: 'This IP address is not blocked.' });
    for (const body of ['203.0.113.7', ['203.0.113.7'], null, { ipAddress: 'nope' }, { ipAddress: '::1' }]) {
      await expect(admin.blockIp(ADMIN, body)).rejects.toMatchObject({ status: 400 });
    }
    const deadline = Date.now() + 3000;
    while (published.length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(published.map((e) => e.type).sort()).toEqual(['admin.action', 'admin.action', 'admin.action', 'ip.blocked', 'ip.blocked', 'ip.unblocked']);
    // The audit log keeps each event once, however often it is delivered.
    const handle = auditHandler(audit);
    for (const event of published.filter((e) => e.type === 'admin.action')) {
      await handle(event);
      await handle(event);
    }
    const entries = await admin.auditLog(ADMIN, null);
    // One clock time for all three: their order among themselves is not defined.
    expect(entries.map((e) => [e.action, e.actor, e.target]).sort()).toEqual([
      ['ip.block', ADMIN_EMAIL, '203.0.113.7'],
      ['ip.block', ADMIN_EMAIL, '203.0.113.7'],
      ['ip.unblock', ADMIN_EMAIL, '203.0.113.7'],
    ]);
    await expect(admin.auditLog({ authorization: null, ip: null }, 5)).rejects.toMatchObject({ status: 401 });
    await expect(admin.auditLog(ADMIN, 1001)).rejects.toMatchObject({ status: 400 });
    expect(await admin.auditLog(ADMIN, 1)).toHaveLength(1);
    await Promise.all(subscriptions.map((s) => s.close()));
    await bus.close();
  });
});
