/**
 * Starting a worker thread from this package's source. The package ships TypeScript (main is
 * src/index.ts), so a `.ts` worker entry needs tsx's require hook inside the thread; a built
 * `.js` copy runs as it is.
 */
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

export function startWorker(entry: string, resourceLimits?: ResourceLimits): Worker {
  const file = resolveEntry(entry);
  // Keep the parent's flags (as a worker would by default), adding the TypeScript hook if needed.
  const execArgv = file.endsWith('.ts') ? [...process.execArgv, '--require', require.resolve('tsx/cjs')] : process.execArgv;
  return new Worker(file, { execArgv, resourceLimits, stdout: false, stderr: false });
}

/** `entry` without extension, next to this file: `.js` when running from a build, `.ts` from source. */
function resolveEntry(entry: string): string {
  const extension = path.extname(__filename) === '.js' ? '.js' : '.ts';
  return path.join(__dirname, entry + extension);
}
