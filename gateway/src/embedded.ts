/**
 * Embedded mode's composition root: one Node process hosts every service, the federated
 * GraphQL gateway, the REST facade, `/ws` and the built web client, on PORT (default 8080),
 * with data under DATA_DIR (default ./data); every service's metrics and the probes on
 * OPS_PORT (default 9464). This is what `npm start` runs.
 *
 * The same service code runs in distributed mode (gateway/src/main.ts plus each service's
 * own main.ts); only the adapters differ, and createPorts picks them from configuration.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ConfigError,
  buildService,
  buildSubgraph,
  closeServer,
  createBus,
  createHttpApp,
  createOpsApp,
  createLogger,
  createPorts,
  installShutdown,
  listen,
  loadConfig,
  scheduleRetention,
  sealKey,
  startTracing,
  systemClock,
  trustList,
  type Clock,
  type Ports,
  type ServiceModule,
} from '@citecheck/platform';
import * as analytics from '@citecheck/analytics';
import * as billing from '@citecheck/billing';
import * as extraction from '@citecheck/extraction';
import * as identity from '@citecheck/identity';
import * as ingest from '@citecheck/ingest';
import * as notification from '@citecheck/notification';
import * as progress from '@citecheck/progress';
import * as validation from '@citecheck/validation';
import { gatewayConfigSchema } from './config';
import { apiNotFound, internalPathsNotFound, mountServiceRoutes } from './facade';
import { blacklistGuard, BlockedAddresses, followBlacklist, refuseBlockedUpgrade, refuseForeignHostUpgrade } from './blacklist';
import { createGraphqlGateway } from './graphql-gateway';
import { composeSupergraph, SUPERGRAPH_PATH } from './compose';
import { devMailBanner, printDevMail, printsDevMail } from './dev-mail';
import { serveWebApp } from './web';
import { apiDocsRoutes } from './api-docs';

export interface EmbeddedOptions {
  /** Variables on top of process.env (tests pass PORT=0 and a temporary DATA_DIR). */
  env?: Record<string, string | undefined>;
  /** Overrides PORT; 0 picks a free port (tests). */
  port?: number;
  /**
   * Overrides OPS_PORT (Prometheus, probes). Default OPS_PORT, or a free port when `port` is 0,
   * so tests starting several servers at once never meet on the fixed default.
   */
  opsPort?: number;
  clock?: Clock;
  /** What tests hand a service in process (validation's hold for the crash test). */
  deps?: { validation?: validation.ValidationServiceDeps };
}

export interface EmbeddedServer {
  url: string;
  port: number;
  server: Server;
  /** The ops listener: every service's metrics merged, and the process's probes. */
  opsUrl: string;
  opsServer: Server;
  opsPort: number;
  modules: ServiceModule[];
  close(): Promise<void>;
}

/**
 * Every service's configuration, parsed from the same environment. All problems are gathered
 * first, so a bad start-up names every bad variable in one message.
 */
function loadAllConfigs(env: Record<string, string | undefined>) {
  const problems = new Set<string>();
  const load = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      for (const problem of error.problems) problems.add(problem);
      return undefined as T;
    }
  };
  const configs = {
    gateway: load(() => loadConfig(gatewayConfigSchema, env)),
    identity: load(() => loadConfig(identity.service.config, env)),
    notification: load(() => loadConfig(notification.service.config, env)),
    billing: load(() => loadConfig(billing.service.config, env)),
    analytics: load(() => loadConfig(analytics.service.config, env)),
    ingest: load(() => loadConfig(ingest.service.config, env)),
    extraction: load(() => loadConfig(extraction.service.config, env)),
    validation: load(() => loadConfig(validation.service.config, env)),
    progress: load(() => loadConfig(progress.service.config, env)),
  };
  if (problems.size > 0) throw new ConfigError([...problems]);
  return configs;
}

export async function startEmbedded(options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const env = { ...process.env, ...options.env };
  const configs = loadAllConfigs(env);
  const config = configs.gateway;
  const clock = options.clock ?? systemClock;
  const logger = createLogger('gateway', config.LOG_LEVEL);
  // One process, one traced service: citecheck-embedded (OTEL_SERVICE_NAME overrides).
  const tracing = await startTracing('embedded', config.OTEL_EXPORTER_OTLP_ENDPOINT, logger, env);
  mkdirSync(config.DATA_DIR, { recursive: true });

  // One durable in-process bus shared by all services: Kafka's semantics, no broker.
  const bus = await createBus(config, logger);
  const allPorts: Ports[] = [];
  const portsFor = async (service: string) => {
    const ports = await createPorts(config, service, { bus, clock });
    allPorts.push(ports);
    return ports;
  };

  // Identity first: ingest is handed its API in process (over HTTP in distributed mode).
  const identityService = await buildService(identity.service, await portsFor('identity'), configs.identity, undefined);
  const analyticsService = await buildService(analytics.service, await portsFor('analytics'), configs.analytics, { identity: identityService.api });
  const modules: ServiceModule[] = [
    identityService,
    await buildService(notification.service, await portsFor('notification'), configs.notification, undefined),
    await buildService(billing.service, await portsFor('billing'), configs.billing, { identity: identityService.api }),
    analyticsService,
    await buildService(ingest.service, await portsFor('ingest'), configs.ingest, { identity: identityService.api }),
    await buildService(extraction.service, await portsFor('extraction'), configs.extraction, undefined),
    await buildService(validation.service, await portsFor('validation'), configs.validation, {
      ...options.deps?.validation,
      identity: identityService.api,
    }),
    await buildService(progress.service, await portsFor('progress'), configs.progress, undefined),
  ];

  const graphql = await createGraphqlGateway(
    readSupergraph(),
    {
      kind: 'local',
      schemas: Object.fromEntries(modules.map((m) => [m.name, buildSubgraph(m.typeDefs, m.resolvers)])),
    },
    // The schema is the web client's and the tests' business, not a visitor's, in production.
    { introspection: config.NODE_ENV !== 'production' },
  );

  const gatewayPorts = await portsFor('gateway');
  const app = createHttpApp({
    service: 'gateway',
    ports: gatewayPorts,
    health: Object.fromEntries(modules.map((m) => [m.name, () => m.health()])),
    trustedProxies: config.TRUSTED_PROXIES,
    edge: { allowedOrigins: [config.PUBLIC_URL] },
  });
  // Service-to-service routes are not on the public edge at all.
  app.use(internalPathsNotFound());
  // Before anything else the gateway serves: a blocked address reaches the admin's paths only.
  const blocked = new BlockedAddresses();
  app.use(blacklistGuard(blocked));
  app.use(apiNotFound());
  app.use(graphql.router.routes());
  app.use(apiDocsRoutes(config.PUBLIC_URL).routes());
  mountServiceRoutes(app, modules);
  serveWebApp(app, config.WEB_DIST);

  for (const module of modules) await module.start();
  // No SendGrid on a developer's machine: the mailed links are printed for whoever ran `npm start`.
  const mailSettings = { NODE_ENV: config.NODE_ENV, PUBLIC_URL: config.PUBLIC_URL, SENDGRID_API_KEY: configs.notification.SENDGRID_API_KEY };
  const devMail = printsDevMail(mailSettings) ? await printDevMail(bus, sealKey(configs.notification), (line) => process.stdout.write(line)) : null;
  const analyticsApi = analyticsService.api as analytics.AnalyticsApi;
  // One embedded host: one consumer group. The full list is read from analytics in process.
  const blacklist = await followBlacklist({ bus, group: 'gateway.blacklist', blocked, load: () => analyticsApi.blockedAddresses(), logger });
  await blacklist.loaded;
  // The platform's transient records (processed-event marks, expired leases), as each
  // distributed service sweeps its own (runService).
  const stopRetention = allPorts.map((ports) => scheduleRetention(ports.store, ports.clock, ports.logger));

  // 127.0.0.1 by default: the laptop install serves this machine only (BIND_ADDRESS).
  const server = await listen(app, options.port ?? config.PORT, config.BIND_ADDRESS);
  const opsServer = await listen(
    createOpsApp(
      app,
      allPorts.map((p) => p.metrics),
      { metricsToken: config.METRICS_TOKEN },
    ),
    options.opsPort ?? (options.port === 0 ? 0 : config.OPS_PORT),
    config.OPS_BIND_ADDRESS,
  );
  const opsPort = (opsServer.address() as AddressInfo).port;
  const trust = trustList(config.TRUSTED_PROXIES);
  server.on('upgrade', (request, socket, head) => {
    if (refuseForeignHostUpgrade([config.PUBLIC_URL], request, socket)) return;
    if (refuseBlockedUpgrade(blocked, trust, request, socket)) return;
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const endpoint = modules.find((m) => m.websocket?.path === pathname)?.websocket;
    if (endpoint) endpoint.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  app.setReady(true);
  const port = (server.address() as AddressInfo).port;
  logger.info({ port, opsPort, bindAddress: config.BIND_ADDRESS, dataDir: path.resolve(config.DATA_DIR) }, `CiteCheck is up on http://localhost:${port}`);
  const mailBanner = devMailBanner(mailSettings);
  if (mailBanner && config.NODE_ENV === 'development') process.stdout.write(`${mailBanner}\n`);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      app.setReady(false);
      for (const stop of stopRetention) stop();
      // Stop accepting at once, but let the services end their long-lived connections (the
      // /ws sockets) before waiting for the last request: the server only closes after them.
      const httpClosed = closeServer(server);
      // Consumers stop first, then the bus drains, then the stores close: nothing in flight is lost.
      await blacklist.stop();
      await devMail?.close();
      for (const module of [...modules].reverse()) await module.stop();
      await httpClosed;
      await graphql.stop();
      await bus.close();
      for (const ports of allPorts) {
        await ports.store.close();
        await ports.blobs.close();
      }
      await closeServer(opsServer);
      await tracing.shutdown();
    })());
  return { url: `http://localhost:${port}`, port, server, opsUrl: `http://localhost:${opsPort}`, opsServer, opsPort, modules, close };
}

/** The supergraph composed at build time; composed now if the build step has not run. */
function readSupergraph(): string {
  try {
    return readFileSync(SUPERGRAPH_PATH, 'utf8');
  } catch {
    return composeSupergraph();
  }
}

if (require.main === module) {
  startEmbedded()
    .then((embedded) => {
      // Within a second (the steps get half of it): the bus and stores are durable, so work cut short resumes at the next start.
      installShutdown(createLogger('gateway', 'info'), [{ name: 'embedded server', run: embedded.close }], { timeoutMs: 500 });
    })
    .catch((error: Error) => {
      console.error(error instanceof ConfigError ? `CiteCheck cannot start: ${error.message}` : error);
      process.exit(1);
    });
}
