/**
 * Payments through the whole product (the embedded server: gateway, supergraph, every
 * service) with Stripe played by the local FakeStripe: a past-due subscription stops uploads
 * with 'Payment Required' until the invoice is paid; billing's refusals keep their status and
 * code through the supergraph, without Stripe keys and with billing unreachable.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHttpApp } from '@citecheck/platform';
import { localPorts } from '@citecheck/platform/testing';
import { startEmbedded, type EmbeddedServer } from '../../gateway/src/embedded';
import { composeSupergraph } from '../../gateway/src/compose';
import { createGraphqlGateway, SUBGRAPH_UNAVAILABLE } from '../../gateway/src/graphql-gateway';
import { SERVICE_NAMES } from '../../gateway/src/services';
import { freePort, upload } from './pipeline-harness';
import { briefCitations, briefPages, makePdf } from './pipeline-fixtures';
import { FakeStripe } from './support/fake-stripe';

jest.setTimeout(120_000);

const PASSWORD = 'correct horse battery';
const CREATE = 'mutation { createSubscription(planType: "premium") { clientSecret publishableKey } }';

async function post(url: string, route: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

async function withProduct<T>(env: Record<string, string>, run: (server: EmbeddedServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-payments-product-'));
  const server = await startEmbedded({ port: 0, env: { DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_PER_IP: '10000', ...env } });
  try {
    return await run(server);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a past-due subscription', () => {
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = new FakeStripe();
    await stripe.start();
  });
  afterAll(async () => {
    await stripe.stop();
  });

  it("refuses uploads with 'Payment Required' after invoice.payment_failed, and takes them again once the invoice is paid", async () => {
    await withProduct(
      stripe.billingEnv(),
      async (server) => {
        const who = { name: 'Dee Late', email: `late.${Date.now()}@firm.test` };
        const created = await post(server.url, '/api/create-subscription', { planType: 'premium', ...who });
        expect(created.status).toBe(200);
        const paymentIntentId = (created.body.clientSecret as string).split('_secret_')[0];
        stripe.confirmPayment(paymentIntentId);
        const account = await post(server.url, '/api/create-account-after-payment', { paymentIntentId, ...who, password: PASSWORD, newsletterOptIn: false });
        expect(account.status).toBe(200);
        const token = account.body.sessionToken as string;
        const subscriptionId = stripe.subscriptionOfIntent(paymentIntentId);
        const pdf = await makePdf(briefPages(1, briefCitations(2)));

        expect((await stripe.deliver(`${server.url}/api/stripe/webhook`, stripe.failRenewal(subscriptionId))).status).toBe(200);
        // Billing tells identity through the bus: wait until the refusal shows.
        let refused = await upload(server.url, token, pdf, 'brief.pdf', 'V1StGXR8_Z5jdHi6B-myA');
        for (let i = 0; refused.status !== 402 && i < 50; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          refused = await upload(server.url, token, pdf, 'brief.pdf', 'V1StGXR8_Z5jdHi6B-myA');
        }
        expect(refused.status).toBe(402);
        expect(refused.body).toMatchObject({ paymentRequired: true, error: 'payment_required', message: expect.stringMatching(/^Payment Required/) });
        expect((refused.body as { limitReached?: unknown }).limitReached).toBeUndefined();
        const usage = await fetch(`${server.url}/api/billing/data`, { headers: { authorization: `Bearer ${token}` } });
        expect(((await usage.json()) as { subscription: { statusLabel: string } }).subscription.statusLabel).toBe('Payment Required');

        stripe.now += 24 * 3600;
        expect((await stripe.deliver(`${server.url}/api/stripe/webhook`, stripe.retryInvoice(subscriptionId))).status).toBe(200);
        let accepted = await upload(server.url, token, pdf, 'brief.pdf', 'V1StGXR8_Z5jdHi6B-myB');
        for (let i = 0; accepted.status === 402 && i < 50; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          accepted = await upload(server.url, token, pdf, 'brief.pdf', 'V1StGXR8_Z5jdHi6B-myB');
        }
        expect(accepted.status).toBe(200);
      },
    );
  });
});

describe("billing's refusals through the supergraph", () => {
  it('without Stripe keys: HTTP 200 with billing\'s message, status 503 and code payments_not_configured', async () => {
    await withProduct({}, async (server) => {
      const answer = await post(server.url, '/graphql', { query: CREATE });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toBeNull();
      expect(answer.body.errors[0]).toMatchObject({
        message: 'Payments are not configured on this server.',
        path: ['createSubscription'],
        extensions: { status: 503, code: 'payments_not_configured' },
      });
      // The other use cases refuse the same way.
      const data = await post(server.url, '/graphql', { query: '{ billingData { charges { id } } }' });
      expect(data.body.errors[0].extensions).toMatchObject({ status: 503, code: 'payments_not_configured' });
    });
  });

  it('with billing unreachable: a 503 saying the service is unavailable, naming no internal address', async () => {
    const closed = await freePort();
    const urls = Object.fromEntries(SERVICE_NAMES.map((name) => [name, `http://127.0.0.1:${closed}/graphql`]));
    const gateway = await createGraphqlGateway(composeSupergraph(), { kind: 'remote', urls });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-gateway-alone-'));
    const ports = localPorts('gateway', { dataDir });
    // The gateway's router on the platform's HTTP app, as the gateway serves it in distributed mode.
    const app = createHttpApp({ service: 'gateway', ports, routes: [gateway.router] });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const answer = await post(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/graphql', { query: CREATE });
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toHaveLength(1);
      expect(answer.body.errors[0]).toEqual({ message: SUBGRAPH_UNAVAILABLE, extensions: { code: 'SERVICE_UNAVAILABLE', status: 503 } });
      expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.stop();
      await ports.bus.close();
      await ports.store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
