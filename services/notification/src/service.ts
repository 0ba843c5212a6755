/**
 * Wiring: the outbox, the mailer chosen from configuration (SendGrid or the dev outbox), the
 * delivery loop, the `mail.requested` consumer and the support-inquiry routes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import gql from 'graphql-tag';
import type { Ports, ServiceModule, Subscription } from '@citecheck/platform';
import type { NotificationConfig } from './config';
import { Delivery } from './delivery';
import { WindowLimiter } from './domain/rate-limit';
import { subscribeConsumers } from './events/consumers';
import { MailRequests } from './mail-requests';
import { createDevOutboxMailer, createSendGridMailer, type Mailer } from './mailer';
import { createRoutes } from './routes';
import { Outbox } from './store/outbox';

export const SERVICE_NAME = 'notification';

export const typeDefs = gql(readFileSync(path.join(__dirname, 'graphql', 'notification.graphql'), 'utf8'));

export type NotificationSettings = Pick<
  NotificationConfig,
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'MAIL_FROM'
  | 'SUPPORT_EMAIL'
  | 'SENDGRID_API_KEY'
  | 'SENDGRID_API_URL'
  | 'MAIL_POLL_MS'
  | 'MAIL_MAX_ATTEMPTS'
  | 'MAIL_RETRY_BASE_MS'
  | 'MAIL_RETRY_MAX_MS'
  | 'SUPPORT_RATE_LIMIT'
>;

export interface NotificationDeps {
  /** Replaces the mailer chosen from configuration (tests). */
  mailer?: Mailer;
}

export interface NotificationService {
  module: ServiceModule;
  outbox: Outbox;
  delivery: Delivery;
  mailer: Mailer;
}

export async function createService(ports: Ports, config: NotificationSettings, deps: NotificationDeps = {}): Promise<NotificationService> {
  const outbox = new Outbox(ports.store);
  const mailer =
    deps.mailer ??
    (config.SENDGRID_API_KEY
      ? createSendGridMailer({ apiKey: config.SENDGRID_API_KEY, apiUrl: config.SENDGRID_API_URL, from: config.MAIL_FROM })
      : createDevOutboxMailer(ports.logger));
  const delivery = new Delivery(outbox, mailer, ports.clock, ports.logger, {
    pollMs: config.MAIL_POLL_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    backoff: { baseMs: config.MAIL_RETRY_BASE_MS, maxMs: config.MAIL_RETRY_MAX_MS },
    leaseMs: 5 * 60_000,
  });
  const requests = new MailRequests(outbox, delivery, ports.clock, { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL });
  const routes = createRoutes(requests, outbox, {
    supportEmail: config.SUPPORT_EMAIL,
    devOutboxEnabled: mailer.kind === 'dev-outbox' && config.NODE_ENV !== 'production',
    supportLimiter: new WindowLimiter(config.SUPPORT_RATE_LIMIT, 60_000, ports.clock),
  });
  let subscriptions: Subscription[] = [];

  const module: ServiceModule = {
    name: SERVICE_NAME,
    typeDefs,
    resolvers: { Query: { notificationHealth: () => ({ service: SERVICE_NAME, ok: true }) } },
    routes,
    async start() {
      subscriptions = await subscribeConsumers(ports.bus, requests);
      delivery.start();
      ports.logger.info({ mailer: mailer.kind }, 'notification started');
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.close()));
      subscriptions = [];
      await delivery.stop();
    },
    async health() {
      return { ok: true, details: { mailer: mailer.kind, backlog: await outbox.backlog() } };
    },
  };

  return { module, outbox, delivery, mailer };
}
