import { blacklistMessages, normaliseIp, toBlacklist } from './blacklist';

describe('normaliseIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    // An IPv6 address alone is its /64 (a client holds the whole /64); /128 is the one address.
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::/64'],
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::/64'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1::/64'],
    ['2001:db8:0:1:1:1:1:1/128', '2001:db8:0:1:1:1:1:1'],
    ['fe80::', 'fe80::/64'],
    ['10.0.0.1', '10.0.0.1'],
    // Ranges, stored as their network.
    ['203.0.113.77/24', '203.0.113.0/24'],
    ['10.0.0.0/8', '10.0.0.0/8'],
    ['2001:db8:aa:bb:cc::1/48', '2001:db8:aa::/48'],
    ['::ffff:203.0.113.0/120', '203.0.113.0/24'],
  ])('%s is stored as %s', (input, stored) => {
    expect(normaliseIp(input)).toEqual({ ok: true, ipAddress: stored });
  });

  it.each(['', 'localhost', '256.1.1.1', '1.2.3', '1.2.3.4/33', '1.2.3.4/', '1.2.3.4/x', '2001:db8::/129', '2001:db8::1::1', 'gggg::1', 'x'.repeat(100)])('refuses %j as no address', (input) => {
    expect(normaliseIp(input)).toEqual({ ok: false, message: blacklistMessages.invalid });
  });

  it.each([null, 42, {}, ['1.2.3.4']])('refuses %j (not a string)', (input) => {
    expect(normaliseIp(input)).toEqual({ ok: false, message: blacklistMessages.invalid });
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::', '0.0.0.0', '::ffff:127.0.0.1', '127.0.0.0/8', '0.0.0.0/8', '::/64', '::1/128'])('refuses to block %s (every local request)', (input) => {
    expect(normaliseIp(input)).toEqual({ ok: false, message: blacklistMessages.loopback });
  });

  it.each(['10.0.0.0/7', '0.0.0.0/0', '2001:db8::/31', '::/0'])('refuses %s as too wide', (input) => {
    expect(normaliseIp(input)).toEqual({ ok: false, message: blacklistMessages.tooWide });
  });
});

it('shapes SPEC section 3 Blacklist', () => {
  const entry = { id: '203.0.113.7', ipAddress: '203.0.113.7', reason: null, blockedAt: '2026-01-01T00:00:00.000Z', blockedBy: 'admin@x.test' };
  expect(toBlacklist([entry])).toEqual({ blacklistedIPs: [{ ipAddress: '203.0.113.7', reason: null, blockedAt: entry.blockedAt, blockedBy: 'admin@x.test' }], totalBlacklisted: 1 });
});
