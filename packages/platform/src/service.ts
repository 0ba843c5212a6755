import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import Router from '@koa/router';
import type { DocumentNode } from 'graphql';
import type { z } from 'zod';
import type { platformConfigSchema, Resolved } from './config';
import type { EventHandler, Ports, SubscribeOptions, Subscription } from './ports';

/**
 * What every service hands to whoever hosts it: the embedded composition root (one process,
 * all services) or the standalone runner (one process per service). The host mounts `routes`,
 * serves the subgraph, calls `start` once ports are up and `stop` on shutdown. Services do not
 * write one by hand: `defineService` and `buildService` assemble it from a service's parts.
 */
export interface ServiceModule {
  name: string;
  /** Federation 2 SDL, read from `src/graphql/<name>.graphql`. */
  typeDefs: DocumentNode;
  // Resolver maps are loosely typed by @apollo/subgraph itself.
  resolvers: any;
  /** REST routes under SPEC.md's `/api` paths (and `/internal/<name>/...` for service-to-service calls). */
  routes: Router;
  /** Subscribes consumers and starts background work. */
  start(): Promise<void>;
  /** Stops consumers and background work; must let in-flight work finish. */
  stop(): Promise<void>;
  /**
   * A WebSocket endpoint the host serves on the same port (the progress service's `/ws`):
   * the host routes HTTP upgrade requests for `path` here.
   */
  websocket?: {
    path: string;
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  };
  /** Component health for `/healthz` (ok plus details such as backlog size). */
  health(): Promise<{ ok: boolean; details?: Record<string, unknown> }>;
}

/** One bus subscription a service declares; the platform subscribes and closes it. */
export interface Consumer {
  topic: string;
  group: string;
  handle: EventHandler;
  options?: SubscribeOptions;
}

/** What a service builds over its ports; everything but the subgraph is optional. */
export interface ServiceParts<Api = undefined> {
  /** Federation 2 SDL, read from `src/graphql/<name>.graphql`. */
  typeDefs: DocumentNode;
  resolvers: any;
  routes?: Router;
  consumers?: Consumer[];
  /** Opens what the consumers need (a case-law index, a reader pool); runs before they subscribe. */
  start?(): Promise<void>;
  /** Runs once the consumers listen: catch-up work whose results they handle (re-sending unfinished documents). */
  resume?(): Promise<void>;
  /** Closes what `start` opened; runs after the consumers have stopped. */
  stop?(): Promise<void>;
  /** The service's own health; the platform adds whether every consumer is subscribed. */
  health?(): Promise<{ ok: boolean; details?: Record<string, unknown> }>;
  websocket?: ServiceModule['websocket'];
  /** What the service offers other services in process (identity's IdentityApi). */
  api?: Api;
}

/** A configuration schema built on the platform's (`platformConfigSchema.extend({...})`). */
export type ServiceConfigSchema = z.ZodType<z.output<typeof platformConfigSchema>, Record<string, unknown>>;

/**
 * One service, as both hosts consume it: its name, its configuration schema, and how it is
 * built over its ports from its configuration and what it needs from other services.
 *
 *   export const service = defineService({
 *     name: 'identity',
 *     config: identityConfigSchema,
 *     create: async (ports, config) => ({ typeDefs, resolvers, routes, consumers, api }),
 *   });
 */
export interface ServiceDefinition<S extends ServiceConfigSchema = ServiceConfigSchema, Deps = void, Api = undefined> {
  name: string;
  config: S;
  create(ports: Ports, config: Resolved<z.output<S>>, deps: Deps): Promise<ServiceParts<Api>>;
}

export function defineService<S extends ServiceConfigSchema, Deps = void, Api = undefined>(
  definition: ServiceDefinition<S, Deps, Api>,
): ServiceDefinition<S, Deps, Api> {
  return definition;
}

/** A built service: the host's module plus what it offers other services. */
export interface Service<Api = undefined> extends ServiceModule {
  api: Api;
}

/** Builds a defined service over its ports: what both hosts call. */
export async function buildService<S extends ServiceConfigSchema, Deps, Api>(
  definition: ServiceDefinition<S, Deps, Api>,
  ports: Ports,
  config: Resolved<z.output<S>>,
  deps: Deps,
): Promise<Service<Api>> {
  return assembleService(definition.name, ports, await definition.create(ports, config, deps));
}

/**
 * The lifecycle every service shares: `start` opens what the consumers need, the consumers
 * subscribe, `resume` catches up; on stop the consumers close (letting the handler in flight
 * finish) before `stop` closes what they used.
 */
export function assembleService<Api>(name: string, ports: Pick<Ports, 'bus'>, parts: ServiceParts<Api>): Service<Api> {
  const consumers = parts.consumers ?? [];
  let subscriptions: Subscription[] = [];
  return {
    name,
    typeDefs: parts.typeDefs,
    resolvers: parts.resolvers,
    routes: parts.routes ?? new Router(),
    websocket: parts.websocket,
    api: parts.api as Api,
    async start() {
      await parts.start?.();
      for (const consumer of consumers) {
        subscriptions.push(await ports.bus.subscribe(consumer.topic, consumer.group, consumer.handle, consumer.options));
      }
      await parts.resume?.();
    },
    async stop() {
      const closing = subscriptions;
      subscriptions = [];
      await Promise.all(closing.map((s) => s.close()));
      await parts.stop?.();
    },
    async health() {
      const own = (await parts.health?.()) ?? { ok: true };
      return { ...own, ok: own.ok && subscriptions.length === consumers.length };
    },
  };
}
