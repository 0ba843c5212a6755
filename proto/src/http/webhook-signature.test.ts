import { signWebhook, verifyWebhookSignature, webhookSigningKey } from './webhook-signature';

const KEY = `cck_0123456789abcdef_${'k'.repeat(43)}`;

it('verifies a signature made with the key derived from the API key, within five minutes', () => {
  const signingKey = webhookSigningKey(KEY);
  expect(signingKey).toMatch(/^[0-9a-f]{64}$/);
  expect(signingKey).not.toContain(KEY.slice(21));
  const body = '{"type":"document.completed"}';
  const header = signWebhook(signingKey, body, 1_800_000_000);
  expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
  expect(verifyWebhookSignature(signingKey, header, body, { nowSeconds: 1_800_000_100 })).toBe(true);
  expect(verifyWebhookSignature(signingKey, header, `${body} `, { nowSeconds: 1_800_000_100 })).toBe(false);
  expect(verifyWebhookSignature(webhookSigningKey(`${KEY.slice(0, -1)}x`), header, body, { nowSeconds: 1_800_000_100 })).toBe(false);
  // A replay more than five minutes later is refused.
  expect(verifyWebhookSignature(signingKey, header, body, { nowSeconds: 1_800_000_301 })).toBe(false);
  for (const bad of [null, '', 't=abc,v1=00', 't=1800000000', `t=1800000000,v1=${'0'.repeat(64)}`]) {
    expect(verifyWebhookSignature(signingKey, bad, body, { nowSeconds: 1_800_000_000 })).toBe(false);
  }
});
