/**
 * Finding 7 (Medium), the past-due bypass: after a failed renewal (uploads answer 402 'Payment
 * Required'),
 * - fails before: `POST /api/confirm-subscription` with the first invoice's PaymentIntent (it
 *   did succeed, once) marked the subscription active again and gave the uploads back;
 * - fails before: `POST /api/upgrade-account` did the same (a past_due subscription still
 *   "grants the plan");
 * - now both refuse while a renewal is owed, by billing's record or Stripe's, and uploads stay
 *   refused until the invoice is paid (invoice.paid, as before).
 * Stripe is played by tests/src/support/fake-stripe.ts, which marks the subscription past_due
 * and delivers invoice.payment_failed like Stripe.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { upload } from '../src/pipeline-harness';
import { briefCitations, briefPages, makePdf } from '../src/pipeline-fixtures';
import { FakeStripe } from '../src/support/fake-stripe';

const PASSWORD = 'correct horse battery';

async function post(url: string, route: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

let stripe: FakeStripe;
let server: EmbeddedServer;
let dataDir: string;
beforeAll(async () => {
  stripe = new FakeStripe();
  await stripe.start();
  dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-past-due-'));
  server = await startEmbedded({ port: 0, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_IP: '10000', ...stripe.billingEnv() } });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await stripe?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads until the answer is not `status` (billing tells identity through the bus), or 5 s pass. */
async function uploadUntilNot(status: number, token: string, session: string) {
  const pdf = await makePdf(briefPages(1, briefCitations(2)));
  let answer = await upload(server.url, token, pdf, 'brief.pdf', session);
  for (let i = 0; answer.status === status && i < 50; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await upload(server.url, token, pdf, 'brief.pdf', session);
  }
  return answer;
}

it('keeps uploads refused after a failed renewal, whatever confirm-subscription and upgrade-account are sent', async () => {
  const who = { name: 'Dee Late', email: `late.${Date.now()}@firm.test` };
  const created = await post(server.url, '/api/create-subscription', { planType: 'premium', ...who });
  expect(created.status).toBe(200);
  const paymentIntentId = (created.body.clientSecret as string).split('_secret_')[0];
  stripe.confirmPayment(paymentIntentId);
  const account = await post(server.url, '/api/create-account-after-payment', { paymentIntentId, ...who, password: PASSWORD, newsletterOptIn: false });
  expect(account.status).toBe(200);
  const token = account.body.sessionToken as string;
  const subscriptionId = stripe.subscriptionOfIntent(paymentIntentId);

  expect((await stripe.deliver(`${server.url}/api/stripe/webhook`, stripe.failRenewal(subscriptionId))).status).toBe(200);
  expect((await uploadUntilNot(200, token, 'V1StGXR8_Z5jdHi6B-myA')).status).toBe(402);

  // The first invoice's payment, confirmed again.
  const confirmed = await post(server.url, '/api/confirm-subscription', { paymentIntentId }, token);
  expect(confirmed.status).toBe(402);
  expect(confirmed.body).toMatchObject({ message: 'Failed to activate subscription' });
  // The account set up again.
  const upgraded = await post(server.url, '/api/upgrade-account', { password: PASSWORD, userType: 'premium' }, token);
  expect(upgraded.status).toBe(402);
  expect(upgraded.body).toMatchObject({ message: 'Failed to complete account setup.' });

  // Still refused 5 s on (before, the bus gave the reports back within a second).
  expect((await uploadUntilNot(402, token, 'V1StGXR8_Z5jdHi6B-myB')).status).toBe(402);
}, 120_000);
