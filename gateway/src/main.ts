/**
 * Distributed mode's gateway: one process (pod) in front of the services. It serves the
 * federated GraphQL API over remote subgraphs (SUBGRAPH_URLS), proxies SPEC.md's `/api`
 * paths to the owning service (SERVICE_URLS), forwards `/ws` to the progress service and
 * hosts the web client. Each service runs its own `services/<name>/src/main.ts`.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import {
  ConfigError,
  closeServer,
  createBus,
  createHttpApp,
  createOpsApp,
  createLogger,
  createMetricsRegistry,
  installShutdown,
  listen,
  loadConfig,
  missingDeployEnv,
  trustList,
  startTracing,
} from '@citecheck/platform';
import { gatewayConfigSchema, parseNamedUrls } from './config';
import { apiNotFound, internalPathsNotFound, proxyToServices } from './facade';
import { createGraphqlGateway } from './graphql-gateway';
import { SUPERGRAPH_PATH } from './compose';
import { watchBackends } from './backends';
import { blacklistGuard, BlockedAddresses, followBlacklist, refuseBlockedUpgrade, refuseForeignHostUpgrade } from './blacklist';
import { SERVICE_NAMES, type ServiceName } from './services';
import { serveWebApp } from './web';
import { apiDocsRoutes } from './api-docs';

async function main(): Promise<void> {
  // The gateway holds no data: it needs no store, whatever MODE says. The bus (Kafka in
  // distributed mode) brings it the IP blacklist's changes.
  const config = loadConfig(gatewayConfigSchema, { ...process.env, STORE: 'sqlite', BLOBS: 'fs' });
  const unset = missingDeployEnv('gateway', process.env, config);
  if (unset.length > 0) throw new ConfigError(unset.map((variable) => `${variable}: required when the gateway runs in distributed mode`));
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const tracing = await startTracing('gateway', config.OTEL_EXPORTER_OTLP_ENDPOINT, logger);
  const subgraphUrls = parseNamedUrls(config.SUBGRAPH_URLS);
  const serviceUrls = parseNamedUrls(config.SERVICE_URLS) as Partial<Record<ServiceName, string>>;
  const missing = SERVICE_NAMES.filter((name) => !subgraphUrls[name] || !serviceUrls[name]);
  if (missing.length > 0) throw new ConfigError(missing.map((name) => `SUBGRAPH_URLS/SERVICE_URLS: no URL for ${name}`));

  const graphql = await createGraphqlGateway(readFileSync(SUPERGRAPH_PATH, 'utf8'), { kind: 'remote', urls: subgraphUrls }, { introspection: config.NODE_ENV !== 'production' });
  const metrics = createMetricsRegistry('gateway');
  const backends = watchBackends(serviceUrls as Record<string, string>, metrics);
  void backends.probe();
  const app = createHttpApp({
    service: 'gateway',
    ports: { logger, metrics },
    // Readiness is the gateway's own: configuration parsed, supergraph loaded, port bound.
    // The backends are reported (here and as a metric) but never make the gateway unready.
    health: { backends: async () => ({ ok: true, details: backends.snapshot() }) },
    trustedProxies: config.TRUSTED_PROXIES,
    edge: { allowedOrigins: [config.PUBLIC_URL] },
  });
  app.setReady(false);
  // Service-to-service routes are not on the public edge at all.
  app.use(internalPathsNotFound());
  // Before anything else the gateway serves: a blocked address reaches the admin's paths only.
  const blocked = new BlockedAddresses();
  app.use(blacklistGuard(blocked));
  app.use(apiNotFound());
  app.use(graphql.router.routes());
  app.use(apiDocsRoutes(config.PUBLIC_URL).routes());
  app.use(proxyToServices(serviceUrls));
  serveWebApp(app, config.WEB_DIST);

  const server = await listen(app, config.PORT, config.BIND_ADDRESS);
  // In the background: the gateway serves while Kafka or analytics are still coming up.
  const blacklist = (async () => {
    const bus = await createBus(config, logger);
    const following = await followBlacklist({
      bus,
      // Every gateway replica must hear every change: the subscriptions are per instance
      // (the bus gives each process a group of its own that commits nothing).
      group: 'gateway',
      blocked,
      load: () => loadBlacklist(serviceUrls.analytics!, config.INTERNAL_TOKEN),
      logger,
    });
    return { stop: async () => (await following.stop(), await bus.close()) };
  })();
  blacklist.catch((err: unknown) => logger.error({ err }, 'IP blacklist not followed: blocked addresses are not refused'));
  const opsServer = await listen(createOpsApp(app, [metrics], { metricsToken: config.METRICS_TOKEN }), config.OPS_PORT, config.OPS_BIND_ADDRESS);
  // `/ws` belongs to the progress service: pass the upgrade through at the TCP level.
  const progress = new URL(serviceUrls.progress!);
  const trust = trustList(config.TRUSTED_PROXIES);
  server.on('upgrade', (request, socket, head) => {
    if (refuseForeignHostUpgrade([config.PUBLIC_URL], request, socket)) return;
    if (refuseBlockedUpgrade(blocked, trust, request, socket)) return;
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/ws') return socket.destroy();
    const upstream = connect(Number(progress.port || 80), progress.hostname, () => {
      const headers = Object.entries(request.headers).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : v}`);
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  app.setReady(true);
  logger.info({ port: config.PORT }, 'gateway up (distributed mode)');
  installShutdown(
    logger,
    [
      // Unready first, so the load balancer stops sending while requests in flight finish.
      { name: 'unready', run: () => app.setReady(false) },
      { name: 'backend watch', run: () => backends.stop() },
      { name: 'http', run: () => closeServer(server) },
      { name: 'graphql gateway', run: () => graphql.stop() },
      { name: 'blacklist', run: async () => (await blacklist.catch(() => null))?.stop() },
      { name: 'ops', run: () => closeServer(opsServer) },
      { name: 'tracing', run: () => tracing.shutdown() },
    ],
    { timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
  );
}

/** The full blacklist from analytics' internal route (INTERNAL_TOKEN). */
async function loadBlacklist(analyticsUrl: string, internalToken: string | undefined): Promise<string[]> {
  const response = await fetch(`${analyticsUrl}/internal/analytics/blacklist`, {
    headers: internalToken ? { 'x-internal-token': internalToken } : {},
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`analytics answered ${response.status} for the IP blacklist`);
  const body = (await response.json()) as { blockedAddresses?: unknown };
  if (!Array.isArray(body.blockedAddresses)) throw new Error('analytics answered no blockedAddresses');
  return body.blockedAddresses.filter((ip): ip is string => typeof ip === 'string');
}

main().catch((error: Error) => {
  console.error(error instanceof ConfigError ? `CiteCheck gateway cannot start: ${error.message}` : error);
  process.exit(1);
});
