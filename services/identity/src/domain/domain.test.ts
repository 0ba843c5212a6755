import { parseAdminBearer, checkAdmin, safeEqual } from './admin';
import { parseCoupons, CouponConfigError } from './coupons';
import { csvCell, toCsv } from './csv';
import { emailKey, isValidEmail } from './email';
import { hashPassword, isPasswordHash, verifyPassword } from './passwords';
import { addMonths, currentPeriodStart } from './plans';
import { hashToken, looksLikeToken, newToken } from './tokens';
import { periodAt, planChange } from './user';

describe('passwords', () => {
  it('hashes in the scrypt$N$r$p$salt$hash format with N of at least 2^15 and verifies', async () => {
    const hash = await hashPassword('correct horse');
    const [scheme, n, r, p] = hash.split('$');
    expect(scheme).toBe('scrypt');
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 15);
    expect([Number(r), Number(p)]).toEqual([8, 1]);
    expect(isPasswordHash(hash)).toBe(true);
    await expect(verifyPassword('correct horse', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct hors', hash)).resolves.toBe(false);
  });

  it('salts every hash and refuses malformed or absurd hashes', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
    for (const bad of ['', 'scrypt$1$8$1$aaaaaaaaaaa$bbbbbbbbbbbbbbbbbbbbbbbb', 'scrypt$1073741824$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'bcrypt$x']) {
      expect(isPasswordHash(bad)).toBe(false);
      await expect(verifyPassword('x', bad)).resolves.toBe(false);
    }
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as their SHA-256', () => {
    const token = newToken();
    expect(looksLikeToken(token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeToken('short')).toBe(false);
    expect(looksLikeToken(`${token}=`)).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['Ann@Example.COM ', 'ann@example.com', true],
    ['ann@example', 'ann@example', false],
    ['ann example@x.com', 'ann example@x.com', false],
    ['@x.com', '@x.com', false],
  ])('%s', (input, key, valid) => {
    expect(emailKey(input)).toBe(key);
    expect(isValidEmail(input)).toBe(valid);
  });
});

describe('coupons', () => {
  it('parses CODE:plan[:useLimit], upper-casing codes', () => {
    const coupons = parseCoupons(' lawfirm100:premium:50, ENTERPRISE1:enterprise ,');
    expect([...coupons.values()]).toEqual([
      { code: 'LAWFIRM100', plan: 'premium', useLimit: 50 },
      { code: 'ENTERPRISE1', plan: 'enterprise', useLimit: null },
    ]);
    expect(parseCoupons(undefined).size).toBe(0);
  });

  it.each(['X:premium', 'CODE:free', 'CODE:premium:0', 'CODE:premium:1:2', 'A1B:premium,a1b:enterprise'])('refuses %s', (raw) => {
    expect(() => parseCoupons(raw)).toThrow(CouponConfigError);
  });
});

describe('CSV', () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', `"'+1"`],
    ['-2', `"'-2"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['plain, text', '"plain, text"'],
    [null, '""'],
  ])('%j -> %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header and rows with CRLF line ends', () => {
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('"a","b"\r\n"1","x"\r\n');
  });
});

describe('admin bearer', () => {
  it('reads SPEC\'s JSON bearer and nothing else', () => {
    expect(parseAdminBearer('Bearer {"email":"a@b.co","password":"pw"}')).toEqual({ email: 'a@b.co', password: 'pw' });
    expect(parseAdminBearer('Bearer abcdef')).toBeNull();
    expect(parseAdminBearer('Bearer {"email":1,"password":"pw"}')).toBeNull();
    expect(parseAdminBearer('Bearer {not json')).toBeNull();
    expect(parseAdminBearer(null)).toBeNull();
  });

  it('checks e-mail (case-insensitively) and password against the configured admin', async () => {
    const passwordHash = await hashPassword('admin secret');
    const config = { email: 'Admin@CiteCheck.test', passwordHash };
    await expect(checkAdmin({ email: 'admin@citecheck.test', password: 'admin secret' }, config)).resolves.toBe(true);
    await expect(checkAdmin({ email: 'admin@citecheck.test', password: 'wrong' }, config)).resolves.toBe(false);
    await expect(checkAdmin({ email: 'other@citecheck.test', password: 'admin secret' }, config)).resolves.toBe(false);
    await expect(checkAdmin({ email: 'admin@citecheck.test', password: 'admin secret' }, { email: undefined, passwordHash })).resolves.toBe(false);
    expect(safeEqual('a', 'a')).toBe(true);
    expect(safeEqual('a', 'ab')).toBe(false);
  });
});

describe('monthly periods', () => {
  const d = (s: string) => new Date(s);
  it.each([
    ['2024-01-15T10:00:00.000Z', '2024-01-20T00:00:00.000Z', '2024-01-15T10:00:00.000Z'],
    ['2024-01-15T10:00:00.000Z', '2024-02-15T10:00:00.000Z', '2024-02-15T10:00:00.000Z'],
    ['2024-01-15T10:00:00.000Z', '2024-02-15T09:59:59.999Z', '2024-01-15T10:00:00.000Z'],
    ['2024-01-31T00:00:00.000Z', '2024-02-29T12:00:00.000Z', '2024-02-29T00:00:00.000Z'],
    ['2024-01-31T00:00:00.000Z', '2024-03-31T00:00:00.000Z', '2024-03-31T00:00:00.000Z'],
    ['2024-01-31T00:00:00.000Z', '2025-04-01T00:00:00.000Z', '2025-03-31T00:00:00.000Z'],
  ])('anchor %s at %s starts %s', (anchor, now, start) => {
    expect(currentPeriodStart(d(anchor), d(now)).toISOString()).toBe(start);
  });

  it('clamps month ends', () => {
    expect(addMonths(d('2023-01-31T00:00:00Z'), 1).toISOString()).toBe('2023-02-28T00:00:00.000Z');
  });

  it('never rolls a free account over', () => {
    const user = { userType: 'free' as const, periodStart: '2020-01-01T00:00:00.000Z', planStartedAt: '2020-01-01T00:00:00.000Z' };
    expect(periodAt(user, d('2024-01-01T00:00:00Z'))).toBe(user.periodStart);
    expect(periodAt({ ...user, userType: 'premium' }, d('2020-02-02T00:00:00Z'))).toBe('2020-02-01T00:00:00.000Z');
  });
});

describe('planChange', () => {
  const user = { userType: 'free' as const, planChangedAt: '2025-03-01T00:00:00.000Z' };

  it('starts a new period with nothing used when the plan changes', () => {
    expect(planChange(user, 'premium', 100, '2025-03-02T00:00:00.000Z')).toEqual({
      userType: 'premium',
      reportLimit: 100,
      planChangedAt: '2025-03-02T00:00:00.000Z',
      reportsUsed: 0,
      periodStart: '2025-03-02T00:00:00.000Z',
      planStartedAt: '2025-03-02T00:00:00.000Z',
      paymentRequired: false,
    });
  });

  it('keeps the count when only the limit changes', () => {
    expect(planChange(user, 'free', 7, '2025-03-02T00:00:00.000Z')).toEqual({
      userType: 'free',
      reportLimit: 7,
      planChangedAt: '2025-03-02T00:00:00.000Z',
      paymentRequired: false,
    });
  });

  it.each([
    ['past_due', true],
    ['active', false],
    ['cancelling', false],
    ['cancelled', false],
    [undefined, false],
  ] as const)('a change with subscription status %s sets paymentRequired to %s', (status, owed) => {
    const premium = { userType: 'premium' as const, planChangedAt: '2025-03-01T00:00:00.000Z' };
    expect(planChange(premium, 'premium', 100, '2025-03-02T00:00:00.000Z', status)).toEqual({
      userType: 'premium',
      reportLimit: 100,
      planChangedAt: '2025-03-02T00:00:00.000Z',
      paymentRequired: owed,
    });
  });

  it('ignores a repeated or older change', () => {
    expect(planChange(user, 'premium', 100, '2025-03-01T00:00:00.000Z')).toBeNull();
    expect(planChange(user, 'premium', 100, '2025-02-01T00:00:00.000Z')).toBeNull();
  });
});
