/**
 * Starting a worker thread from this package's source. The package ships TypeScript (main is
 * src/index.ts). A worker runs from its esbuild bundle (dist/<entry>.cjs, made by
 * scripts/bundle-worker.mjs at `npm install` and `npm run build`) while that is newer than every
 * file in src/; otherwise from the `.ts` entry with tsx's require hook inside the thread, which
 * costs about 0.7 s more CPU per thread. A built `.js` copy runs as it is.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Worker, type ResourceLimits, type WorkerOptions } from 'node:worker_threads';

export function startWorker(entry: string, resourceLimits?: ResourceLimits): Worker {
  return startWorkerFile(resolveEntry(entry), resourceLimits);
}

/**
 * A worker thread running `file`: a `.ts` file through tsx's CommonJS hook, anything else as it
 * is, with the parent's flags (see newWorker). For another package's thread (extraction's
 * citation finder), which has no bundle of its own.
 */
export function startWorkerFile(file: string, resourceLimits?: ResourceLimits): Worker {
  const extra = file.endsWith('.ts') ? ['--require', require.resolve('tsx/cjs')] : [];
  return newWorker(file, { resourceLimits, stdout: false, stderr: false }, extra);
}

/** Flags Node refused in a worker's execArgv, learnt once per process (see newWorker). */
const refusedFlags = new Set<string>();

/**
 * A worker thread started with the parent's flags minus tsx's (inheritedFlags), plus `extra`.
 * Node refuses process-wide flags in an explicit execArgv (V8 options such as
 * `--max-old-space-size`, or `--title`), although a thread started without one inherits them
 * silently; so the flags its error names are left out, with their values, and the thread is
 * started again. Heap limits of a thread are its `resourceLimits` anyway.
 */
export function newWorker(file: string, options: Omit<WorkerOptions, 'execArgv'>, extra: string[] = []): Worker {
  try {
    return new Worker(file, { ...options, execArgv: [...withoutRefused(inheritedFlags()), ...extra] });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    const named = /flags: (.*)$/.exec((error as Error).message)?.[1].split(', ') ?? [];
    if (named.length === 0 || named.every((flag) => refusedFlags.has(flag))) throw error;
    for (const flag of named) refusedFlags.add(flag);
    return new Worker(file, { ...options, execArgv: [...withoutRefused(inheritedFlags()), ...extra] });
  }
}

/** `flags` without the refused ones and the separate values that follow them (`--title name`). */
function withoutRefused(flags: string[]): string[] {
  const kept: string[] = [];
  let droppingValues = false;
  for (const flag of flags) {
    if (refusedFlags.has(flag)) droppingValues = true;
    else if (droppingValues && !flag.startsWith('-')) continue;
    else {
      droppingValues = false;
      kept.push(flag);
    }
  }
  return kept;
}

/** `entry` without extension: next to this file (`.js` from a build), its fresh bundle, or its `.ts` source. */
function resolveEntry(entry: string): string {
  if (path.extname(__filename) === '.js') return path.join(__dirname, entry + '.js');
  const bundle = path.join(__dirname, '..', 'dist', entry + '.cjs');
  return bundleIsFresh(bundle, __dirname) ? bundle : path.join(__dirname, entry + '.ts');
}

const freshness = new Map<string, boolean>();

/** True when `bundle` exists and is newer than every file under `sources` (checked once per process). */
export function bundleIsFresh(bundle: string, sources: string): boolean {
  let fresh = freshness.get(bundle);
  if (fresh === undefined) {
    try {
      fresh = statSync(bundle).mtimeMs > newestFile(sources);
    } catch {
      fresh = false; // no bundle
    }
    freshness.set(bundle, fresh);
  }
  return fresh;
}

function newestFile(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestFile(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Flags that load a module before the program (the module is the value). */
const PRELOAD_FLAGS = new Set(['--require', '-r', '--import', '--loader', '--experimental-loader']);

/**
 * True for a tsx module, whether named as a package (`tsx`, `tsx/cjs`, `tsx/esm`) or by path
 * (`/…/node_modules/tsx/dist/loader.mjs`, `file:///…/tsx/dist/preflight.cjs`, as the tsx CLI does).
 */
export function isTsxSpecifier(specifier: string): boolean {
  return /^tsx(\/|$)/.test(specifier) || /[\\/]tsx[\\/]/.test(specifier);
}

/**
 * The parent's flags, as a worker would inherit them by default (preloads such as a network
 * guard must reach the worker too), minus every tsx hook however it was given (`--import tsx`,
 * `--import=tsx`, `-r tsx/cjs`, the tsx CLI's own paths): the worker adds tsx's CommonJS hook
 * itself, and tsx's ESM loader mixed with it breaks module loading inside the thread.
 */
export function inheritedFlags(argv: readonly string[] = process.execArgv): string[] {
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const equals = flag.startsWith('--') ? flag.indexOf('=') : -1;
    const name = equals === -1 ? flag : flag.slice(0, equals);
    if (!PRELOAD_FLAGS.has(name)) {
      flags.push(flag);
      continue;
    }
    const separate = equals === -1;
    const value = separate ? (argv[i + 1] ?? '') : flag.slice(equals + 1);
    if (!isTsxSpecifier(value)) {
      flags.push(flag);
      if (separate && i + 1 < argv.length) flags.push(argv[i + 1]);
    }
    if (separate) i++;
  }
  return flags;
}
