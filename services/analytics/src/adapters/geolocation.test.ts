import { createSqliteStore } from '@citecheck/platform';
import { trackingUseCases } from '../app/track-visitors';
import { visitorRepository } from '../store/visitors';
import { countryName, locateWith, openGeolocation, type Locate } from './geolocation';

let locate: Locate;

beforeAll(async () => {
  locate = await openGeolocation();
});

describe('country from the local database', () => {
  it.each([
    ['8.8.8.8', 'United States'],
    ['81.2.69.142', 'United Kingdom'],
    ['2a00:1450:4001::1', 'Germany'],
    ['::ffff:81.2.69.142', 'United Kingdom'],
  ])('%s is in %s', (ip, country) => {
    expect(locate(ip)).toEqual({ country, region: null, city: null });
  });

  it.each(['10.0.0.1', '192.168.1.1', '127.0.0.1', '::1', '192.0.2.1', 'not an address', '', null])('%j is Unknown', (ip) => {
    expect(locate(ip)).toEqual({ country: 'Unknown', region: null, city: null });
  });

  it('names unknown or malformed codes Unknown', () => {
    expect([countryName('FR'), countryName('ZZ'), countryName('fr'), countryName(undefined)]).toEqual(['France', 'Unknown', 'Unknown', 'Unknown']);
    expect(locateWith({ get: () => ({ country_code: 42 }) as never })('1.1.1.1').country).toBe('Unknown');
    expect(
      locateWith({
        get: () => {
          throw new Error('bad address');
        },
      })('1.1.1.1').country,
    ).toBe('Unknown');
  });
});

it('stores the visitor country with only the address prefix', async () => {
  const visitors = visitorRepository(createSqliteStore({ dir: ':memory:', service: 'analytics' }));
  const tracking = trackingUseCases({ visitors, clock: { now: () => new Date('2026-03-01T10:00:00Z') }, locate });
  await tracking.trackVisitor({ sessionId: 'V1StGXR8_Z5jdHi6B-myT', entryPage: '/' }, { userAgent: null, ip: '81.2.69.142' });
  const session = await visitors.getSession('V1StGXR8_Z5jdHi6B-myT');
  expect(session).toMatchObject({ country: 'United Kingdom', region: null, city: null, ipPrefix: '81.2.69.0' });
  expect(JSON.stringify(session)).not.toContain('81.2.69.142');
  expect((await tracking.visitorAnalytics({ startDate: '2026-03-01', endDate: '2026-03-01' })).topCountries).toEqual([{ country: 'United Kingdom', visitors: 1 }]);
});
