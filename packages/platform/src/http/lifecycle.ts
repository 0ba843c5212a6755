/**
 * Starting and stopping a process cleanly. On SIGTERM (Kubernetes) or SIGINT (Ctrl-C) the
 * steps run in order (typically: stop accepting requests, stop consumers, drain the bus,
 * close the store), each awaited, within a cap (5 s by default, under Kubernetes' 30 s grace
 * period), then the process exits 0.
 */
import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';

/** Starts serving `app`; resolves once the port is bound. */
export function listen(app: Koa, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

/** Stops accepting connections and waits for requests in progress; idle keep-alive sockets are closed at once. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((err) => (err && (err as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? reject(err) : resolve()));
    server.closeIdleConnections();
  });
}

export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
}

export interface ShutdownOptions {
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Injected for tests; default process.exit. */
  exit?: (code: number) => void;
}

export interface ShutdownHandle {
  /** Runs the steps (once, however often called) and then exits. */
  shutdown(reason: string): Promise<void>;
  /** Removes the signal handlers. */
  uninstall(): void;
}

export function installShutdown(logger: Logger, steps: ShutdownStep[], options: ShutdownOptions = {}): ShutdownHandle {
  const timeoutMs = options.timeoutMs ?? 5000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  let running: Promise<void> | undefined;

  const runSteps = async () => {
    for (const step of steps) {
      const started = Date.now();
      try {
        await step.run();
        logger.info({ step: step.name, ms: Date.now() - started }, 'shutdown step done');
      } catch (err) {
        // A failing step must not keep the others (closing the store above all) from running.
        logger.error({ err, step: step.name }, 'shutdown step failed');
      }
    }
  };

  const shutdown = (reason: string): Promise<void> => {
    running ??= (async () => {
      logger.info({ reason }, 'shutting down');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const outcome = await Promise.race([runSteps().then(() => 'done' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout') logger.error({ timeoutMs }, 'shutdown steps did not finish in time; exiting anyway');
      else logger.info('shutdown complete');
      exit(0);
    })();
    return running;
  };

  const handlers = signals.map((signal) => {
    const handler = () => void shutdown(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return {
    shutdown,
    uninstall: () => handlers.forEach(([signal, handler]) => process.off(signal, handler)),
  };
}
