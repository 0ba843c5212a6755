/**
 * The stand-in must refuse as Stripe does, or the suites that pay through it prove nothing:
 * Stripe.js's card confirmation with the publishable key (test cards declined, a wrong client
 * secret, an intent already paid or cancelled), a publishable key anywhere else, a second
 * cancellation, and the events it delivers to a webhook after a payment.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { FakeStripe, TEST_CARDS } from './fake-stripe';

let stripe: FakeStripe;
let api: Stripe;

beforeEach(async () => {
  stripe = new FakeStripe();
  await stripe.start();
  const url = new URL(stripe.url);
  api = new Stripe(stripe.secretKey, { host: url.hostname, port: Number(url.port), protocol: 'http' });
});

afterEach(async () => {
  await stripe.stop();
});

async function incomplete(): Promise<{ intentId: string; clientSecret: string; subscriptionId: string }> {
  const customer = await api.customers.create({ email: 'card@firm.test' });
  const sub = await api.subscriptions.create({
    customer: customer.id,
    items: [{ price: stripe.prices.premium.id }],
    payment_behavior: 'default_incomplete',
    expand: ['latest_invoice.confirmation_secret'],
  });
  const clientSecret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
  return { intentId: clientSecret.split('_secret_')[0], clientSecret, subscriptionId: sub.id };
}

/** What Stripe.js sends: the publishable key, the client secret and the card, form-encoded. */
async function confirm(intentId: string, clientSecret: string, card: string, key = stripe.publishableKey) {
  const response = await fetch(`${stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
    body: new URLSearchParams({ client_secret: clientSecret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': card }).toString(),
  });
  return { status: response.status, cors: response.headers.get('access-control-allow-origin'), body: (await response.json()) as { error?: Record<string, unknown>; status?: string } };
}

it("declines Stripe's test cards and refuses what Stripe refuses, then pays with 4242", async () => {
  const { intentId, clientSecret, subscriptionId } = await incomplete();
  const declined = await confirm(intentId, clientSecret, TEST_CARDS.declined);
  expect(declined).toMatchObject({ status: 402, cors: 'http://localhost:8080', body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } });
  expect((await confirm(intentId, clientSecret, TEST_CARDS.insufficientFunds)).body.error).toMatchObject({ decline_code: 'insufficient_funds' });
  expect((await confirm(intentId, clientSecret, '4242424242424241')).body.error).toMatchObject({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
  expect((await confirm(intentId, `${intentId}_secret_guessed`, TEST_CARDS.pays)).status).toBe(400);
  expect((await confirm(intentId, clientSecret, TEST_CARDS.pays, 'pk_test_someone_else')).status).toBe(401);
  expect(stripe.subscription(subscriptionId).status).toBe('incomplete');

  expect(await confirm(intentId, clientSecret, '4242 4242 4242 4242')).toMatchObject({ status: 200, body: { status: 'succeeded' } });
  expect(stripe.subscription(subscriptionId).status).toBe('active');
  expect((await confirm(intentId, clientSecret, TEST_CARDS.pays)).body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
});

it('refuses a publishable key on any other call, a cancelled intent, and a second cancellation', async () => {
  const forbidden = await fetch(`${stripe.url}/v1/customers`, { method: 'POST', headers: { authorization: `Bearer ${stripe.publishableKey}` } });
  expect(forbidden.status).toBe(403);
  const preflight = await fetch(`${stripe.url}/v1/payment_intents/pi_x/confirm`, { method: 'OPTIONS', headers: { origin: 'http://localhost:8080' } });
  expect(preflight.status).toBe(204);

  const { intentId, clientSecret, subscriptionId } = await incomplete();
  stripe.expireIncomplete(subscriptionId);
  expect((await confirm(intentId, clientSecret, TEST_CARDS.pays)).body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });

  const paid = await incomplete();
  await confirm(paid.intentId, paid.clientSecret, TEST_CARDS.pays);
  await api.subscriptions.cancel(paid.subscriptionId);
  await expect(api.subscriptions.cancel(paid.subscriptionId)).rejects.toMatchObject({ code: 'resource_missing' });
  await expect(api.subscriptions.update(paid.subscriptionId, { cancel_at_period_end: true })).rejects.toThrow('A canceled subscription can only update its cancellation_details and metadata.');
});

it("delivers a payment's events to the webhook, signed, as Stripe sends them", async () => {
  const received: { type: string; signed: boolean }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const event = new Stripe('sk_test_x').webhooks.constructEvent(body, String(req.headers['stripe-signature']), stripe.webhookSecret);
      received.push({ type: event.type, signed: true });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    stripe.webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const { intentId, clientSecret, subscriptionId } = await incomplete();
    await confirm(intentId, clientSecret, TEST_CARDS.pays);
    await api.subscriptions.cancel(subscriptionId);
    await stripe.settled();
    // Stripe does not promise an order between events; each arrives, signed, once.
    expect(received.map((r) => r.type).sort()).toEqual(['customer.subscription.deleted', 'customer.subscription.updated', 'invoice.paid']);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
