/**
 * Identity and billing as the product hosts them (their service definitions over the embedded
 * adapters, one bus, the platform's HTTP app with its raw-body parser), with billing's Stripe
 * client pointed at the local FakeStripe. Every mail request is collected from the bus.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as billing from '@citecheck/billing';
import * as identity from '@citecheck/identity';
import {
  buildService,
  buildSubgraph,
  requestContext,
  createEmbeddedBus,
  createHttpApp,
  createLogger,
  loadConfig,
  sealKey,
  systemClock,
  unseal,
  type Clock,
  type Ports,
  type ServiceModule,
} from '@citecheck/platform';
import type { IdentityApi, MailRequested } from '@citecheck/proto';
import { localPorts } from '@citecheck/platform/testing';
import { FakeStripe } from './fake-stripe';

export interface PaymentsWorld {
  url: string;
  stripe: FakeStripe;
  identity: IdentityApi;
  mails: MailRequested[];
  close(): Promise<void>;
  call(method: string, route: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  webhookUrl: string;
}

export async function createPaymentsWorld(options: { configured?: boolean; env?: Record<string, string> } = {}): Promise<PaymentsWorld> {
  const stripe = new FakeStripe();
  await stripe.start();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'citecheck-payments-'));
  const bus = createEmbeddedBus({ dir: ':memory:', pollMs: 20 });
  // Stripe and the services agree on the time; when a test moves Stripe's clock ahead (a
  // period ends), the services' clock follows instead of staying behind it.
  const clock: Clock = { now: () => new Date(Math.max(systemClock.now().getTime(), (stripe.now + 1) * 1000)) };
  const opened: Ports[] = [];
  const portsFor = (service: string): Ports => {
    const ports = localPorts(service, { dataDir, bus, clock, logger: createLogger(service, process.env.TEST_LOG_LEVEL ?? 'silent') });
    opened.push(ports);
    return ports;
  };
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://citecheck.test',
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_PER_EMAIL: '10000',
    // Tests move time by whole billing periods; sessions must outlive a few of them.
    SESSION_TTL_DAYS: '365',
    ...(options.configured === false
      ? {}
      : stripe.billingEnv()),
    ...options.env,
  };
  const identityModule = await buildService(identity.service, portsFor('identity'), loadConfig(identity.service.config, env), undefined);
  const billingModule = await buildService(billing.service, portsFor('billing'), loadConfig(billing.service.config, env), { identity: identityModule.api });
  const modules: ServiceModule[] = [identityModule, billingModule];
  const mails: MailRequested[] = [];
  const mailSubscription = await bus.subscribe('mail.requested', 'payments-test', async (event) => {
    // One-time links travel sealed (as notification receives them); tests read them as mailed.
    const mail = (event as { payload: MailRequested }).payload;
    const key = sealKey(env);
    mails.push({ ...mail, data: Object.fromEntries(Object.entries(mail.data).map(([k, v]) => [k, unseal(key, v)])) });
  });
  for (const module of modules) await module.start();

  const gatewayPorts = portsFor('gateway');
  // Billing's subgraph is served on /graphql as billing serves it on its own (distributed mode).
  const app = createHttpApp({
    service: 'gateway',
    ports: gatewayPorts,
    routes: modules.map((m) => m.routes),
    graphqlSchema: buildSubgraph(billingModule.typeDefs, billingModule.resolvers),
    graphqlContext: requestContext,
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    stripe,
    identity: identityModule.api,
    mails,
    webhookUrl: `${url}/api/stripe/webhook`,
    async call(method, route, body, token) {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const module of modules) await module.stop();
      await mailSubscription.close();
      await bus.close();
      for (const ports of opened) await ports.store.close();
      await stripe.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
