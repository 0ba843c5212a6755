/**
 * Webhook signatures for `POST /api/v1/documents`' callbacks. The caller verifies a delivery
 * with nothing but its API key: the signing key is HMAC-SHA256(apiKey, "citecheck-webhook-v1"),
 * which CiteCheck computes while it holds the key (the request that asked for the webhook) and
 * keeps with the document. The key itself is never stored, and the signing key cannot be
 * turned back into it.
 *
 * A delivery carries `X-CiteCheck-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(signingKey, "<t>.<raw body>")>`.
 * The timestamp inside the signed text lets a receiver refuse replays of an old delivery.
 *
 *   const key = webhookSigningKey(process.env.CITECHECK_API_KEY);
 *   if (!verifyWebhookSignature(key, request.headers['x-citecheck-signature'], rawBody)) reject();
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_KEY_LABEL } from './api-v1';

/** The key deliveries for documents submitted with `apiKey` are signed with (hex). */
export function webhookSigningKey(apiKey: string): string {
  return createHmac('sha256', apiKey).update(WEBHOOK_KEY_LABEL).digest('hex');
}

/** The signature header's value for `body` sent at `unixSeconds`. */
export function signWebhook(signingKey: string, body: string, unixSeconds: number): string {
  const digest = createHmac('sha256', signingKey).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/**
 * Whether `header` is a valid signature of `body` under `signingKey`, made within
 * `toleranceSeconds` of `nowSeconds` (default five minutes). Compared in constant time.
 */
export function verifyWebhookSignature(
  signingKey: string,
  header: string | null | undefined,
  body: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== 'string' || !/^[0-9a-f]{64}$/.test(parts.v1)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(signingKey, body, t).split('v1=')[1], 'hex');
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}
