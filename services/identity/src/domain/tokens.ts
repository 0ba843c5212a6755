/**
 * Opaque random tokens for sessions, e-mail verification and password resets. Only the
 * SHA-256 of a token is stored: a leaked database cannot be replayed as sessions or links.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token (hex SHA-256). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A plausible token: base64url, 43 characters. Anything else is refused before a store lookup. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** SPEC section 9: reset links expire after 1 hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A browser that proved an address may sign in to it by e-mail alone for a year. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
