/**
 * Wiring: the outbox, the mailer chosen from configuration (SendGrid or the dev outbox), the
 * delivery loop, the `mail.requested` consumer and the support-inquiry routes.
 */
import path from 'node:path';
import gql from 'graphql-tag';
import { readSubgraphSdl } from '@citecheck/proto/graphql';
import { assembleService, ConfigError, defineService, sealKey, OutboxSender, createRateLimiter, type Ports, type ServiceModule, type ServiceParts } from '@citecheck/platform';
import { createDevOutboxMailer, createSendGridMailer, type Mailer } from './adapters/mailer';
import type { NotificationContext } from './app/context';
import { notificationConfigSchema, type NotificationConfig } from './config';
import { MailOutbox, type MailMessage } from './store/outbox';
import { consumers } from './transport/consumers';
import { createRoutes } from './transport/rest';

export const SERVICE_NAME = 'notification';

/** Inquiries naming one e-mail address per hour: a person writes a few, a flood aims at one inbox. */
const SUPPORT_PER_ADDRESS_PER_HOUR = 5;

export const typeDefs = gql(readSubgraphSdl(path.join(__dirname, 'graphql', 'notification.graphql')));

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
> &
  Partial<Pick<NotificationConfig, 'DEV_MAIL_OUTBOX' | 'INTERNAL_TOKEN' | 'DATA_DIR' | 'MODE'>>;

export interface NotificationDeps {
  /** Replaces the mailer chosen from configuration (tests). */
  mailer?: Mailer;
}

export interface NotificationService {
  module: ServiceModule;
  outbox: MailOutbox;
  delivery: OutboxSender<MailMessage>;
  mailer: Mailer;
}

/** The service's parts, and the outbox, delivery loop and mailer behind them. */
function build(ports: Ports, config: NotificationSettings, deps: NotificationDeps = {}) {
  const devOutbox = config.DEV_MAIL_OUTBOX === 'true';
  // A production server that serves its sign-in links to whoever asks is taken over by the
  // first visitor who finds the route: refuse to start rather than run that way.
  if (devOutbox && config.NODE_ENV === 'production') {
    throw new ConfigError(['DEV_MAIL_OUTBOX: must not be true when NODE_ENV=production']);
  }
  const outbox = new MailOutbox(ports.store);
  const mailer =
    deps.mailer ??
    (config.SENDGRID_API_KEY
      ? createSendGridMailer({ apiKey: config.SENDGRID_API_KEY, apiUrl: config.SENDGRID_API_URL, from: config.MAIL_FROM })
      : createDevOutboxMailer(ports.logger));
  const delivery = new OutboxSender(outbox, (message) => mailer.send(message), ports.clock, ports.logger, {
    what: 'mail',
    pollMs: config.MAIL_POLL_MS,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    backoff: { baseMs: config.MAIL_RETRY_BASE_MS, maxMs: config.MAIL_RETRY_MAX_MS },
    leaseMs: 5 * 60_000,
    metrics: ports.metrics,
  });
  const context: NotificationContext = {
    outbox,
    delivery,
    clock: ports.clock,
    render: { publicUrl: config.PUBLIC_URL, supportEmail: config.SUPPORT_EMAIL },
    sealKey: sealKey(config),
    supportEmail: config.SUPPORT_EMAIL,
    // Shared by the replicas in distributed mode. While the store fails each replica counts on
    // its own (rate-limit.ts): the form stays open to visitors and still cannot flood support.
    supportLimiter: createRateLimiter(ports, config.MODE, { name: 'support-ip', limit: config.SUPPORT_RATE_LIMIT, windowMs: 60_000 }),
    supportAddressLimiter: createRateLimiter(ports, config.MODE, { name: 'support-address', limit: SUPPORT_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60_000 }),
  };
  const routes = createRoutes(context, { devOutboxEnabled: devOutbox && mailer.kind === 'dev-outbox' });

  const parts: ServiceParts = {
    typeDefs,
    resolvers: { Query: { notificationHealth: () => ({ service: SERVICE_NAME, ok: true }) } },
    routes,
    consumers: consumers(context),
    async start() {
      delivery.start();
      ports.logger.info({ mailer: mailer.kind }, 'notification started');
    },
    async stop() {
      await delivery.stop();
    },
    async health() {
      return { ok: true, details: { mailer: mailer.kind, backlog: await outbox.backlog() } };
    },
  };
  return { parts, outbox, delivery, mailer };
}

/** Notification built over `ports`, with its outbox, delivery loop and mailer in reach (tests). */
export function createService(ports: Ports, config: NotificationSettings, deps: NotificationDeps = {}): NotificationService {
  const { parts, outbox, delivery, mailer } = build(ports, config, deps);
  return { module: assembleService(SERVICE_NAME, ports, parts), outbox, delivery, mailer };
}

/** Notification as both hosts run it: the embedded composition root and its own main.ts. */
export const service = defineService({
  name: SERVICE_NAME,
  config: notificationConfigSchema,
  create: async (ports, config) => build(ports, config).parts,
});
