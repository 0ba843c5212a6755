/**
 * What the public edge (the gateway, or the embedded host) checks before any route runs:
 *
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
  /** Origins besides the request's own that may send state-changing requests (PUBLIC_URL's). */
  allowedOrigins?: readonly string[];
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
  return async (ctx, next) => {
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
