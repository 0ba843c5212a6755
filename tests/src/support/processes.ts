/**
 * Product processes started from source for the system tests, as the image starts them
 * (`node --import tsx <entry>`): start one, wait until it is ready, stop it with SIGTERM and
 * wait for its exit. A process group also fails the wait of a test whose process died early,
 * with that process's last output, instead of letting it sit out a readiness timeout that only
 * hides why it died.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVICE_NAMES } from '../../../gateway/src/services';
import { freePort, until } from '../pipeline-harness';

export const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() at the exit, to time a stop. */
  at: number;
}

export interface Started {
  name: string;
  child: ChildProcess;
  /** The last few thousand characters the process wrote, stdout and stderr together. */
  output(): string;
  exited: Promise<Exit>;
}

export interface StartOptions {
  /** The whole environment: the caller decides what of this process's own it passes on. */
  env: NodeJS.ProcessEnv;
  /** Names the process in errors and echoed output; the entry's folder by default. */
  name?: string;
  /** Node flags before the entry; `--import tsx` is there unless `plain`. */
  nodeArgs?: string[];
  /** Runs `entry` (built JavaScript, an image's bundle) with plain node: no tsx. */
  plain?: boolean;
  /** Working directory (default the repository); `entry` is relative to it. */
  cwd?: string;
  /** Copies the process's output to this one's stderr, each chunk prefixed with its name. */
  echo?: boolean;
  /** How much of the output `output()` keeps. */
  keep?: number;
}

/** `services/identity/src/main.ts` → identity, `gateway/src/main.ts` → gateway. */
function nameOf(entry: string): string {
  return path.basename(path.dirname(path.dirname(entry)));
}

export function startProcess(entry: string, options: StartOptions): Started {
  const name = options.name ?? nameOf(entry);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...(options.plain ? [] : ['--import', 'tsx']), entry], { cwd: options.cwd ?? ROOT, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = options.keep ?? 4000;
  const remember = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keep);
    if (options.echo) process.stderr.write(`[${name}] ${chunk}`);
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  return { name, child, output: () => output, exited };
}

/** Waits for `url` to answer 200, failing at once (with its output) if the process exits first. */
export async function untilReady(started: Started, url: string, timeoutMs = 90_000): Promise<void> {
  await Promise.race([
    until(url, async () => ((await fetch(url).catch(() => null))?.status === 200 ? true : null), timeoutMs, 200),
    started.exited.then((exit) => {
      throw new Error(`${started.name} exited before ready (code ${exit.code}, signal ${exit.signal}):\n${started.output()}`);
    }),
  ]);
}

/** Sends SIGTERM and waits for the exit; `ms` is how long the process took to go. */
export async function sigterm(started: Started): Promise<Exit & { ms: number }> {
  const sent = Date.now();
  if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
  const exit = await started.exited;
  return { ...exit, ms: exit.at - sent };
}

/**
 * The processes one test file starts. Until `stopAll`, a process that exits on its own (not
 * through `stop`) fails whatever is waiting in `race`.
 */
export class ProcessGroup {
  readonly processes: Started[] = [];
  private stopping = false;
  private readonly retired = new Set<Started>();
  private processDied: (error: Error) => void = () => undefined;
  readonly died = new Promise<never>((_, reject) => (this.processDied = reject));

  constructor() {
    this.died.catch(() => undefined);
  }

  start(entry: string, options: StartOptions): Started {
    const started = startProcess(entry, options);
    void started.exited.then((exit) => {
      if (!this.stopping && !this.retired.has(started)) {
        this.processDied(new Error(`${started.name} exited (code ${exit.code}, signal ${exit.signal}) before the test ended:\n${started.output()}`));
      }
    });
    this.processes.push(started);
    return started;
  }

  /** `work`, or the first early exit of a process of the group, whichever comes first. */
  race<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this.died]);
  }

  /** Stops one process on purpose: its exit is not a failure. */
  stop(started: Started): Promise<Exit & { ms: number }> {
    this.retired.add(started);
    return sigterm(started);
  }

  /** SIGTERM to every process still running, and waits for them all. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.processes.map((started) => sigterm(started)));
  }
}

/**
 * Distributed mode on this machine: Kafka, MongoDB and object storage have no stand-in here, so
 * the processes share the durable embedded bus, SQLite files and blobs under one DATA_DIR (the
 * adapters are chosen by configuration and pass the same contract suites).
 */
export function localDistributedEnv(dataDir: string): Record<string, string> {
  return { MODE: 'distributed', BUS: 'embedded', STORE: 'sqlite', BLOBS: 'fs', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
}

/** A free port on 127.0.0.1 for each service, as its base URL. */
export async function serviceUrls(): Promise<Record<string, string>> {
  return Object.fromEntries(await Promise.all(SERVICE_NAMES.map(async (name) => [name, `http://127.0.0.1:${await freePort()}`] as const)));
}

/** The gateway's routes to the services: REST to `urls`, GraphQL to `subgraphUrls` (the same by default). */
export function gatewayRoutes(urls: Record<string, string>, subgraphUrls: Record<string, string> = urls): { SUBGRAPH_URLS: string; SERVICE_URLS: string } {
  return {
    SUBGRAPH_URLS: SERVICE_NAMES.map((name) => `${name}=${subgraphUrls[name]}/graphql`).join(','),
    SERVICE_URLS: SERVICE_NAMES.map((name) => `${name}=${urls[name]}`).join(','),
  };
}

/** Starts every service's main.ts on its port from `urls`, each with `env` and its PORT. */
export function startServices(group: ProcessGroup, urls: Record<string, string>, options: StartOptions): Started[] {
  return SERVICE_NAMES.map((name) =>
    group.start(`services/${name}/src/main.ts`, { ...options, env: { ...options.env, PORT: new URL(urls[name]).port } }),
  );
}

/**
 * Waits until the gateway at `gatewayUrl` reports every service ready. The gateway's readiness
 * is its own; whether the services behind it are up is a detail of its /healthz.
 */
export async function untilBackendsReady(group: ProcessGroup, gatewayUrl: string, timeoutMs: number): Promise<void> {
  await group.race(
    until(
      'every service ready behind the gateway',
      async () => {
        const response = await fetch(`${gatewayUrl}/healthz`).catch(() => null);
        const body = response?.ok ? ((await response.json()) as { components: { backends: Record<string, { ready?: boolean }> } }) : null;
        return body && SERVICE_NAMES.every((name) => body.components.backends[name]?.ready) ? true : null;
      },
      timeoutMs,
      250,
    ),
  );
}
