/**
 * What the public edge (the gateway, or the embedded host) checks before any route runs:
 *
 * - The Host header names this site: PUBLIC_URL's host or the machine itself (localhost,
 *   127.0.0.1, ::1). A page on another site that rebinds its own name to this machine's
 *   address (DNS rebinding) sends its own name as Host and same-origin requests that pass the
 *   Origin check below; it is answered 421 without reaching any route (issue 28, Low).
 * - Cross-site requests that change state are refused. A browser names the page that sent a
 *   request in `Origin` (and `Sec-Fetch-Site`); a POST from another site could otherwise sign a
 *   visitor in to the attacker's account (login CSRF) or act with their session cookie.
 *   Requests without either header come from programs, not from a page, and carry no
 *   ambient browser credentials of a victim, so they pass.
 * - Bodies of state-changing requests are JSON (or multipart for uploads): an HTML form can
 *   post url-encoded or text/plain cross-site without a CORS preflight, JSON it cannot.
 * - Security headers on every answer: a CSP that forbids framing, nosniff, a strict referrer
 *   policy, and HSTS when the request came over TLS or the public address is https.
 */
import type { Middleware } from 'koa';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'text/plain'];
// navigator.sendBeacon posts a string as text/plain; the visitor tracker's exit beacon does.
// It still passes the Origin check above, and recording a page view changes nothing of anyone's.
const BEACON_PATHS = new Set(['/api/track-page-view']);

export interface RequestGuardOptions {
  /** Origins besides the request's own that may send state-changing requests (PUBLIC_URL's); their hosts are the names this site answers to. */
  allowedOrigins?: readonly string[];
}

/** Names the machine itself answers to, whatever PUBLIC_URL says. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The host part of a Host header, lower-case, without its port (`[::1]` keeps its brackets). */
function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.indexOf(':');
  return colon < 0 ? value : value.slice(0, colon);
}

/**
 * Whether a request's Host header names this site: one of `allowedOrigins`' hosts or the
 * machine itself. Also for the `/ws` upgrade, which no Koa middleware sees.
 */
export function hostAllowed(host: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (!host) return false;
  const name = hostnameOf(host);
  if (LOCAL_HOSTS.includes(name)) return true;
  return allowedOrigins.some((origin) => {
    try {
      return new URL(origin).hostname.toLowerCase() === name;
    } catch {
      return false;
    }
  });
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Stripe.js is loaded from Stripe (the payment form must come from Stripe to keep card data
  // off our pages), and its Payment Element runs in Stripe's own frames.
  "script-src 'self' https://js.stripe.com",
  "frame-src https://js.stripe.com https://hooks.stripe.com",
  // styled-components injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // The progress socket and Stripe's API (Stripe.js confirms payments with it) are the only
  // other places the page talks to.
  "connect-src 'self' ws: wss: https://api.stripe.com",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self' https://checkout.stripe.com",
  "object-src 'none'",
].join('; ');

export function requestGuard(options: RequestGuardOptions = {}): Middleware {
  const allowed = new Set((options.allowedOrigins ?? []).map(originOf).filter((o): o is string => o !== null));
  // TLS usually ends at the ingress, so the public address says whether browsers arrive over it.
  const publicTls = [...allowed].some((origin) => origin.startsWith('https:'));
  const origins = options.allowedOrigins ?? [];
  return async (ctx, next) => {
    if (!hostAllowed(ctx.get('host'), origins)) {
      ctx.status = 421;
      ctx.body = { message: 'This server does not answer to that host name', error: 'misdirected_request' };
      return;
    }
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    if (ctx.secure || publicTls) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');

    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('origin');
      const site = ctx.get('sec-fetch-site');
      // The request's own origin from its protocol and Host (Koa's ctx.origin is not that).
      const own = `${ctx.protocol}://${ctx.host}`;
      const sameOrigin = origin ? origin === own || allowed.has(origin) : site !== 'cross-site';
      if (!sameOrigin) {
        ctx.status = 403;
        ctx.body = { message: 'Cross-site request refused', error: 'cross_site_request' };
        return;
      }
      const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
      if (FORM_TYPES.includes(type) && !(type === 'text/plain' && BEACON_PATHS.has(ctx.path))) {
        ctx.status = 415;
        ctx.body = { message: 'Unsupported media type', error: 'unsupported_media_type' };
        return;
      }
    }
    await next();
  };
}
