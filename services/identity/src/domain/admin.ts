/**
 * Admin authentication. SPEC section 6 has the browser send the admin's e-mail and password
 * as a JSON bearer value (`Authorization: Bearer {"email":"...","password":"..."}`); the
 * server checks them against ADMIN_EMAIL and ADMIN_PASSWORD_HASH from its environment on
 * every call (ARCHITECTURE "Deliberate departures"), so the browser holds no secret of ours.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from './passwords';
import { emailKey } from './email';

export interface AdminCredentials {
  email: string;
  password: string;
}

/** Reads the JSON bearer; null when the header is absent or not of that shape. */
export function parseAdminBearer(header: string | null | undefined): AdminCredentials | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/is.exec(header.trim());
  if (!match) return null;
  const raw = match[1].trim();
  if (!raw.startsWith('{')) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { email, password } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof password !== 'string') return null;
    return { email, password };
  } catch {
    return null;
  }
}

/** Constant-time equality of two strings of any length (compares their SHA-256 digests). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

export interface AdminConfig {
  email: string | undefined;
  passwordHash: string | undefined;
}

/**
 * True when the credentials match the configured admin. Always runs the password hash, even
 * when the e-mail is wrong, so the response time does not tell which of the two failed.
 */
export async function checkAdmin(credentials: AdminCredentials, config: AdminConfig): Promise<boolean> {
  if (!config.email || !config.passwordHash) return false;
  const emailOk = safeEqual(emailKey(credentials.email), emailKey(config.email));
  const passwordOk = await verifyPassword(credentials.password, config.passwordHash);
  return emailOk && passwordOk;
}
