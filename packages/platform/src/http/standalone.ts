import type { Context } from 'koa';
import type { z } from 'zod';
import { ConfigError, loadConfig, platformConfigSchema, type Resolved } from '../config';
import { createPorts } from '../create-ports';
import type { Ports } from '../ports';
import { buildService, type ServiceConfigSchema, type ServiceDefinition } from '../service';
import { createHttpApp } from './app';
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
}

export function requestContext(ctx: Pick<Context, 'get' | 'ip'>): RequestContext {
  return { authorization: ctx.get('authorization') || null, cookie: ctx.get('cookie') || null, ip: ctx.ip || null };
}

/**
 * Distributed mode's `main.ts` for any service: parse the configuration (failing fast with
 * every bad variable), open the ports, build the service, serve its routes, subgraph,
 * /healthz, /readyz and /metrics, start consumers, and on SIGTERM stop in order (HTTP,
 * consumers, bus, store, blobs) within 5 s. `deps` supplies what the service needs from other
 * services, reached over HTTP here (in process in embedded mode).
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
    const ports = await createPorts(config, name);
    const module = await buildService(definition, ports, config, (deps ? deps(config, ports) : undefined) as Deps);
    const app = createHttpApp({
      service: name,
      ports,
      routes: module.routes,
      health: { [name]: () => module.health() },
      graphqlSchema: buildSubgraph(module.typeDefs, module.resolvers),
      graphqlContext: requestContext,
      trustedProxies: config.TRUSTED_PROXIES,
    });
    await module.start();
    const server = await listen(app, config.PORT);
    if (module.websocket) {
      const { path, handleUpgrade } = module.websocket;
      server.on('upgrade', (request, socket, head) => {
        if (new URL(request.url ?? '/', 'http://localhost').pathname === path) handleUpgrade(request, socket, head);
        else socket.destroy();
      });
    }
    app.setReady(true);
    ports.logger.info({ port: config.PORT }, `${name} listening`);
    // Stop accepting first, stop the service (which ends its WebSocket connections), then wait
    // for the HTTP server: it only closes once every connection has.
    let httpClosed: Promise<void> = Promise.resolve();
    installShutdown(ports.logger, [
      { name: 'stop accepting', run: () => void (httpClosed = closeServer(server)) },
      { name, run: () => module.stop() },
      { name: 'http', run: () => httpClosed },
      { name: 'bus', run: () => ports.bus.close() },
      { name: 'store', run: () => ports.store.close() },
      { name: 'blobs', run: () => ports.blobs.close() },
    ]);
  };
  start().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? `${name} cannot start: ${error.message}` : error);
    process.exit(1);
  });
}
