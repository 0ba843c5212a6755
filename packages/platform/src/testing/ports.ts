import { createEmbeddedBus } from '../adapters/embedded-bus';
import { createFsBlobs } from '../adapters/fs-blobs';
import { createSqliteStore } from '../adapters/sqlite-store';
import type { Logger } from 'pino';
import { createLogger } from '../logger';
import { createMetricsRegistry } from '../metrics';
import { systemClock, type Bus, type Clock, type Ports } from '../ports';

export interface LocalPortsOptions {
  /** Where blobs are written (and the store file, with `storeDir` unset and `inMemory` false). */
  dataDir: string;
  /** A bus shared with other services of the test; an in-memory one of its own by default. */
  bus?: Bus;
  /** The store in memory (the default) or in a SQLite file under `dataDir`, shared with other instances. */
  store?: 'memory' | 'file';
  clock?: Clock;
  /** Silent by default. */
  logger?: Logger;
}

/**
 * A service's ports on the local adapters, as a test hosts a service by itself: the closer of
 * the test closes `bus` (when it is its own) and `store`.
 */
export function localPorts(service: string, options: LocalPortsOptions): Ports {
  return {
    service,
    bus: options.bus ?? createEmbeddedBus({ dir: ':memory:', pollMs: 20 }),
    store: createSqliteStore({ dir: options.store === 'file' ? options.dataDir : ':memory:', service }),
    blobs: createFsBlobs({ dataDir: options.dataDir }),
    clock: options.clock ?? systemClock,
    logger: options.logger ?? createLogger(service, 'silent'),
    metrics: createMetricsRegistry(service),
  };
}
