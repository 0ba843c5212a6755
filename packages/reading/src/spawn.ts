/**
 * Starting a worker thread from this package's source. The package ships TypeScript (main is
 * src/index.ts), so a `.ts` worker entry needs tsx's require hook inside the thread; a built
 * `.js` copy runs as it is.
 */
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export function startWorker(entry: string, resourceLimits?: ResourceLimits): Worker {
  const file = resolveEntry(entry);
  const execArgv = file.endsWith('.ts') ? [...inheritedFlags(), '--require', require.resolve('tsx/cjs')] : inheritedFlags();
  return new Worker(file, { execArgv, resourceLimits, stdout: false, stderr: false });
}

/** `entry` without extension, next to this file: `.js` when running from a build, `.ts` from source. */
function resolveEntry(entry: string): string {
  const extension = path.extname(__filename) === '.js' ? '.js' : '.ts';
  return path.join(__dirname, entry + extension);
}

/**
 * The parent's flags, as a worker would inherit them by default (preloads such as a network
 * guard must reach the worker too), minus tsx's own ESM loader: mixed with the CommonJS hook
 * it breaks module loading inside the thread.
 */
function inheritedFlags(): string[] {
  const flags: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i];
    const takesValue = value === '--require' || value === '-r' || value === '--import' || value === '--loader';
    const target = takesValue ? (argv[i + 1] ?? '') : value;
    if (/[\\/]tsx[\\/]/.test(target)) {
      if (takesValue) i++;
      continue;
    }
    flags.push(value);
    if (takesValue) flags.push(argv[++i]);
  }
  return flags;
}
