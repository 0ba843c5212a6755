/**
 * The admin session cookie as a Set-Cookie header, written by hand so REST and GraphQL (whose
 * host only forwards headers) send the same one. httpOnly: page scripts never see it;
 * SameSite=Strict: no other site's page can make the browser send it; Secure whenever the
 * site is served over TLS (the request's own protocol, or PUBLIC_URL when TLS ends at a proxy).
 */
import { ADMIN_COOKIE } from '@citecheck/proto';

export function adminCookie(token: string | null, options: { maxAgeMs: number; secure: boolean }): string {
  const maxAge = token ? Math.floor(options.maxAgeMs / 1000) : 0;
  const expires = new Date(token ? Date.now() + maxAge * 1000 : 0).toUTCString();
  const parts = [`${ADMIN_COOKIE}=${token ?? ''}`, 'Path=/', `Max-Age=${maxAge}`, `Expires=${expires}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether the browser reaches the site over TLS. */
export function servedOverTls(requestSecure: boolean | undefined, publicUrl: string): boolean {
  return Boolean(requestSecure) || publicUrl.startsWith('https:');
}
