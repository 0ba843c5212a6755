import { anonymizeIp, describeUserAgent, newVisitorSession, scrollDepth, visitorBodySchema } from './visitors';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chromeAndroidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  operaWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
};

describe('describeUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome', 'Windows', null],
    [UA.edgeWindows, 'Edge', 'Windows', null],
    [UA.operaWindows, 'Opera', 'Windows', null],
    [UA.firefoxLinux, 'Firefox', 'Linux', null],
    [UA.safariMac, 'Safari', 'macOS', null],
    [UA.safariIphone, 'Safari', 'iOS', 'mobile'],
    [UA.ipad, 'Safari', 'iOS', 'tablet'],
    [UA.chromeAndroidTablet, 'Chrome', 'Android', 'tablet'],
    ['curl/8.4.0', 'Unknown', 'Unknown', null],
    [null, 'Unknown', 'Unknown', null],
  ])('%s', (ua, browser, operatingSystem, deviceType) => {
    expect(describeUserAgent(ua)).toEqual({ browser, operatingSystem, deviceType });
  });
});

describe('anonymizeIp', () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:198.51.100.9', '198.51.100.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0::'],
    ['1:2:3:4:5:6:7', null],
    ['1::2::3', null],
    ['999.1.1.1', null],
    ['not an ip', null],
    ['', null],
    [null, null],
  ])('%s → %s', (ip, expected) => {
    expect(anonymizeIp(ip)).toBe(expected);
  });
});

describe('visitor session', () => {
  const body = visitorBodySchema.parse({
    sessionId: 'abcdefghijklmnopqrstu', userAgent: UA.firefoxLinux, referrer: '', timezone: 'Europe/Berlin', language: 'de-DE',
    deviceType: 'tablet', screenResolution: '1920x1080', entryPage: '/dashboard', browser: 'Opera',
  });

  it('takes browser, OS and device from the request header, not from the body', () => {
    const session = newVisitorSession(body, { userAgent: UA.safariIphone, ip: '203.0.113.77' }, new Date('2026-01-02T03:04:05Z'));
    expect(session).toMatchObject({
      id: 'abcdefghijklmnopqrstu', browser: 'Safari', operatingSystem: 'iOS', deviceType: 'mobile', userAgent: UA.safariIphone,
      referrer: null, entryPage: '/dashboard', ipPrefix: '203.0.113.0', startedAt: '2026-01-02T03:04:05.000Z', country: null,
    });
    expect(JSON.stringify(session)).not.toContain('203.0.113.77');
  });

  it("falls back to the tracker's width-based device when the agent names none", () => {
    expect(newVisitorSession(body, { userAgent: UA.chromeWindows, ip: null }, new Date()).deviceType).toBe('tablet');
    const noDevice = visitorBodySchema.parse({ sessionId: 'abcdefghijklmnopqrstu', entryPage: '/' });
    expect(newVisitorSession(noDevice, { userAgent: UA.chromeWindows, ip: null }, new Date()).deviceType).toBe('desktop');
  });

  it('refuses session ids that are not 21 URL-safe characters and paths that are not paths', () => {
    expect(visitorBodySchema.safeParse({ sessionId: 'short', entryPage: '/' }).success).toBe(false);
    expect(visitorBodySchema.safeParse({ sessionId: 'abcdefghijklmnopqrst!', entryPage: '/' }).success).toBe(false);
    expect(visitorBodySchema.safeParse({ sessionId: 'abcdefghijklmnopqrstu', entryPage: 'https://x' }).success).toBe(false);
  });

  it('caps scroll depth at 100', () => {
    expect(scrollDepth(250)).toBe(100);
    expect(scrollDepth(42.4)).toBe(42);
    expect(scrollDepth(undefined)).toBeNull();
  });
});
