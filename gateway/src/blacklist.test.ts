import pino from 'pino';
import { createEmbeddedBus } from '@citecheck/platform';
import { createEvent } from '@citecheck/proto';
import { BlockedAddresses, followBlacklist, isAdminPath, onlyAdminFields } from './blacklist';
import { splitSetCookie } from './graphql-gateway';

describe('which requests a blocked address may still make', () => {
  it.each([
    ['{ users { id } }', null, true],
    ['mutation { unblockIp(ipAddress: "1.2.3.4") { success } }', null, true],
    ['query A { blacklist { totalBlacklisted } auditLog { id } }', 'A', true],
    ['{ adminLogin(email: "a", password: "b") { email } __typename }', null, true],
    ['{ users { id } usageStats { totalCitations } }', null, false],
    ['{ me { id } }', null, false],
    ['{ ...F } fragment F on Query { users { id } }', null, false],
    ['query A { users { id } } query B { me { id } }', 'B', false],
    ['query A { users { id } } query B { me { id } }', null, false],
    ['{ users { id }', null, false],
    [42, null, false],
  ])('%j (operation %j): %s', (query, operationName, admin) => {
    expect(onlyAdminFields(query, operationName)).toBe(admin);
  });

  it.each([
    ['GET', '/api/admin/users', true],
    ['POST', '/api/admin/blacklist/remove', true],
    ['GET', '/api/metrics/stats', true],
    ['GET', '/metrics', true],
    ['GET', '/assets/index-abc.js', true],
    ['POST', '/metrics', false],
    ['GET', '/', false],
    ['GET', '/dashboard', false],
    ['POST', '/api/auth/login', false],
    ['GET', '/api/administrator', false],
  ])('%s %s: %s', (method, pathname, admin) => {
    expect(isAdminPath(method, pathname, () => ({ query: undefined, operationName: undefined }))).toBe(admin);
  });
});

it('compares addresses in the form analytics stores them', () => {
  const blocked = new BlockedAddresses();
  blocked.add('203.0.113.7');
  blocked.add('2001:db8::1');
  expect(blocked.has('::ffff:203.0.113.7')).toBe(true);
  expect(blocked.has('2001:DB8::1')).toBe(true);
  expect(blocked.has('203.0.113.8')).toBe(false);
  expect(blocked.has(null)).toBe(false);
});

it('applies changes heard while the full list loads after the list, so a stale list cannot undo an unblock', async () => {
  const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 20 });
  const blocked = new BlockedAddresses();
  let release: (list: string[]) => void = () => undefined;
  const following = await followBlacklist({ bus, group: 'test', blocked, logger: pino({ level: 'silent' }), load: () => new Promise((resolve) => (release = resolve)) });
  const at = new Date().toISOString();
  await bus.publish('ip.unblocked', '198.51.100.1', createEvent('ip.unblocked', { ipAddress: '198.51.100.1', unblockedAt: at, unblockedBy: 'a@b.c' }, 'x'));
  await bus.publish('ip.blocked', '198.51.100.2', createEvent('ip.blocked', { ipAddress: '198.51.100.2', reason: null, blockedAt: at, blockedBy: 'a@b.c' }, 'x'));
  const deadline = Date.now() + 2000;
  while (!blocked.has('198.51.100.2') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(blocked.has('198.51.100.2')).toBe(true);
  // The list was read before the unblock: it still names the address.
  release(['198.51.100.1', '198.51.100.3']);
  await following.loaded;
  expect([blocked.has('198.51.100.1'), blocked.has('198.51.100.2'), blocked.has('198.51.100.3')]).toEqual([false, true, true]);
  await following.stop();
  await bus.close();
});

it('splits joined Set-Cookie headers without breaking Expires dates', () => {
  expect(splitSetCookie('a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly, b=2; Path=/')).toEqual(['a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly', 'b=2; Path=/']);
});
