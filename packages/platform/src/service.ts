import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type Router from '@koa/router';
import type { DocumentNode } from 'graphql';

/**
 * What every service hands to whoever hosts it: the embedded composition root (one process,
 * all services) or its own `main.ts` (one process per service). The host mounts `routes`,
 * serves the subgraph, calls `start` once ports are up and `stop` on shutdown.
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
