import type { AddressInfo } from 'node:net';
import type { Context } from 'koa';
import type { z } from 'zod';
import { ConfigError, loadConfig, platformConfigSchema, type Resolved } from '../config';
import { createPorts } from '../create-ports';
import { missingDeployEnv } from '../deploy-env';
import { scheduleRetention } from '../retention';
import { startTracing } from '../tracing';
import type { Ports } from '../ports';
import { buildService, type ServiceConfigSchema, type ServiceDefinition } from '../service';
import { createHttpApp, createOpsApp } from './app';
import { buildSubgraph } from './graphql';
import { closeServer, installShutdown, listen } from './lifecycle';

/**
 * What every GraphQL resolver receives, in one process or many: the caller's credentials,
 * which the owning service checks itself (the gateway forwards them unchanged).
 */
export interface RequestContext {
  authorization: string | null;
  cookie: string | null;
  ip: string | null;
  /**
   * Adds a `Set-Cookie` header to the HTTP answer: how a mutation that opens or ends a
   * session (identity's adminLogin) hands the browser an httpOnly cookie. The distributed
   * gateway passes a subgraph's Set-Cookie on to the browser.
   */
  setCookie?: (header: string) => void;
}

export function requestContext(ctx: Pick<Context, 'get' | 'ip' | 'append'>): RequestContext {
  return {
    authorization: ctx.get('authorization') || null,
    cookie: ctx.get('cookie') || null,
    ip: ctx.ip || null,
    setCookie: (header) => ctx.append('Set-Cookie', header),
  };
}

/**
 * Distributed mode's `main.ts` for any service: parse the configuration (failing fast with
 * every bad variable), open the ports, build the service, serve its routes, subgraph,
 * /healthz and /readyz on PORT and /metrics, /healthz, /readyz on OPS_PORT, start consumers, and on SIGTERM stop in order (unready,
 * HTTP, consumers, bus, store, blobs) within SHUTDOWN_TIMEOUT_MS. `deps` supplies what the
 * service needs from other services, reached over HTTP here (in process in embedded mode).
 *
 *   runService(identity);
 *   runService(ingest, (config) => ({ identity: createIdentityClient({ baseUrl: config.IDENTITY_URL }) }));
 */
export function runService<S extends ServiceConfigSchema, Deps, Api>(
  definition: ServiceDefinition<S, Deps, Api>,
  deps?: (config: Resolved<z.output<S>>, ports: Ports) => Deps,
): void {
  const { name } = definition;
  const start = async () => {
    const config = loadConfig(definition.config);
    if (config.MODE === 'distributed') {
      // Start-up names everything the deployment forgot, not just the first thing that breaks.
      const missing = missingDeployEnv(name, process.env, config);
      if (missing.length > 0) throw new ConfigError(missing.map((variable) => `${variable}: required when ${name} runs in distributed mode`));
    }
    // Before the ports: the Kafka and MongoDB clients they open are among what is traced.
    const tracing = await startTracing(name, config.OTEL_EXPORTER_OTLP_ENDPOINT);
    const ports = await createPorts(config, name);
    const module = await buildService(definition, ports, config, (deps ? deps(config, ports) : undefined) as Deps);
    const app = createHttpApp({
      service: name,
      ports,
      routes: module.routes,
      // Liveness is the process answering: a database or broker that is down is not cured by
      // a restart, so it only makes the replica unready (no traffic) until it is back.
      health: {},
      readiness: {
        [name]: () => module.health(),
        ...(ports.store.health ? { store: () => ports.store.health!() } : {}),
        // A consumer kafkajs stopped for good (an error it does not retry) reads nothing more.
        ...(ports.bus.health ? { bus: () => ports.bus.health!() } : {}),
      },
      graphqlSchema: buildSubgraph(module.typeDefs, module.resolvers),
      graphqlContext: requestContext,
      trustedProxies: config.TRUSTED_PROXIES,
    });
    // Serve the probes (unready) while start-up waits for the store and the bus, which retry
    // until they are reachable.
    app.setReady(false);
    const server = await listen(app, config.PORT, config.BIND_ADDRESS);
    const opsServer = await listen(createOpsApp(app, [ports.metrics], { metricsToken: config.METRICS_TOKEN }), config.OPS_PORT, config.OPS_BIND_ADDRESS);
    if (module.websocket) {
      const { path, handleUpgrade } = module.websocket;
      server.on('upgrade', (request, socket, head) => {
        if (new URL(request.url ?? '/', 'http://localhost').pathname === path) handleUpgrade(request, socket, head);
        else socket.destroy();
      });
    }
    // Stop accepting first, stop the service (which ends its WebSocket connections), then wait
    // for the HTTP server: it only closes once every connection has.
    let httpClosed: Promise<void> = Promise.resolve();
    let stopRetention = () => undefined as void;
    installShutdown(
      ports.logger,
      [
        // Unready at once, so traffic moves to other replicas while the drain runs.
        { name: 'unready', run: () => app.setReady(false) },
        { name: 'stop accepting', run: () => void (httpClosed = closeServer(server)) },
        { name: 'retention', run: () => stopRetention() },
        { name, run: () => module.stop() },
        { name: 'http', run: () => httpClosed },
        { name: 'bus', run: () => ports.bus.close() },
        { name: 'store', run: () => ports.store.close() },
        { name: 'blobs', run: () => ports.blobs.close() },
        // Last: the probes keep answering (unready) and the final metrics stay scrapeable while draining.
        { name: 'ops', run: () => closeServer(opsServer) },
        { name: 'tracing', run: () => tracing.shutdown() },
      ],
      { timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
    );
    ports.logger.info({ port: config.PORT, opsPort: (opsServer.address() as AddressInfo).port }, `${name} listening; starting`);
    await module.start();
    stopRetention = scheduleRetention(ports.store, ports.clock, ports.logger);
    app.setReady(true);
    ports.logger.info(`${name} ready`);
  };
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `${name} cannot start: ${error.message}` : error);
    process.exit(1);
  });
}
