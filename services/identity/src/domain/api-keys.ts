/**
 * API keys: what one looks like, how it is stored, and the rules on naming and holding them.
 * A key is `cck_<id>_<secret>` (proto's API_KEY_PATTERN): the id (8 random bytes, hex) is the
 * public part, the store's lookup key and what the dashboard shows to tell keys apart; the
 * secret (32 random bytes) is shown once, at creation, and only its SHA-256 is stored. A
 * presented key is found by its id, then its secret's digest is compared in constant time, so
 * neither a database leak nor a timing measurement hands anyone a working key.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN } from '@citecheck/proto';

/** Keys one user may hold at once (revoked ones do not count). */
export const MAX_ACTIVE_KEYS = 10;
export const MAX_KEY_NAME = 60;

export interface NewApiKey {
  id: string;
  /** The whole key, to show once. */
  key: string;
  secretHash: string;
}

export function newApiKey(): NewApiKey {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, key: `cck_${id}_${secret}`, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The id and secret of a well-formed key, or null. */
export function parseApiKey(key: unknown): { id: string; secret: string } | null {
  if (typeof key !== 'string') return null;
  const match = API_KEY_PATTERN.exec(key);
  return match ? { id: match[1], secret: match[2] } : null;
}

/** Whether `secret` is the one whose digest is stored, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The part of a key anyone may see: enough to recognise it, nothing to use it. */
export function keyPrefix(id: string): string {
  return `cck_${id}`;
}

/** A key's name as given, trimmed; null when it is empty or too long. */
export function cleanKeyName(name: unknown): string | null {
  const trimmed = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  return trimmed.length >= 1 && trimmed.length <= MAX_KEY_NAME ? trimmed : null;
}

export const apiKeyMessages = {
  nameRequired: `Please give the key a name (up to ${MAX_KEY_NAME} characters), so you can tell it apart later.`,
  tooMany: `You already have ${MAX_ACTIVE_KEYS} API keys. Revoke one you no longer use before creating another.`,
  notFound: 'API key not found',
  alreadyRevoked: 'This API key is already revoked.',
} as const;
