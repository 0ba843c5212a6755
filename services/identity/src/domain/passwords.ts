/**
 * Password hashing with scrypt from node:crypto. The encoded form carries its own cost
 * parameters and salt (`scrypt$N$r$p$salt$hash`, base64url), so the cost can be raised later
 * without breaking stored hashes: verification always reads N, r and p from the hash.
 *
 *   const stored = await hashPassword('correct horse');     // 'scrypt$32768$8$1$...'
 *   await verifyPassword('correct horse', stored);          // true
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_N = 2 ** 15;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** Refuse absurd costs read from a stored hash (a crafted hash must not exhaust memory). */
const MAX_N = 2 ** 20;

export const MIN_PASSWORD_LENGTH = 8;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return deriveLength(password, salt, n, r, p, KEY_LENGTH);
}

/**
 * At most this many scrypt computations at once. Each takes ~100 ms and 32 MiB on a libuv
 * thread; unbounded, a burst of logins fills the thread pool (which file and DNS work share)
 * and memory, and every other request waits behind it. The rest queue here, in order.
 */
export const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, so `running` never dips and lets a newcomer jump the queue.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function deriveLength(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is exactly N=2^15, r=8,
  // which it rejects, so the limit is set from the parameters.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 };
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

/** Hashes a password with a fresh 16-byte salt. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P);
  return ['scrypt', SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `encoded` has the `scrypt$N$r$p$salt$hash` shape with sane parameters. */
export function isPasswordHash(encoded: string): boolean {
  return parseHash(encoded) !== null;
}

function parseHash(encoded: string): { n: number; r: number; p: number; salt: Buffer; key: Buffer } | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isSafeInteger) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) {
    return null;
  }
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 128) return null;
  return { n, r, p, salt, key };
}

/** Constant-time comparison of `plain` against a stored hash; false for a malformed hash. */
export async function verifyPassword(plain: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  // The key length is derived from the stored hash, so both buffers always have equal length
  // and timingSafeEqual compares them in constant time.
  const candidate = await deriveLength(plain, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}
