#!/usr/bin/env node
// Bundles the read worker (src/worker.ts and what it imports from src/) into dist/worker.cjs with
// esbuild, third-party packages left external. A worker thread started from the TypeScript
// source must load tsx and transpile every file first: about 0.9 s of CPU per thread against
// 0.2 s for the bundle, paid again whenever the pool replaces a thread, on the same cores the
// users' documents need. spawn.ts uses the bundle only while it is newer than every file in src/.
//
//   node scripts/bundle-worker.mjs [outfile]     (default dist/worker.cjs)
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = path.join(dir, 'src');
const result = await build({
  entryPoints: [path.join(sources, 'worker.ts')],
  outfile: process.argv[2] ? path.resolve(process.argv[2]) : path.join(dir, 'dist', 'worker.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  metafile: true,
  logLevel: 'warning',
});
// The freshness check in spawn.ts looks at src/ only; an input from elsewhere would go unseen.
const outside = Object.keys(result.metafile.inputs).filter((input) => !path.resolve(input).startsWith(sources + path.sep));
if (outside.length > 0) {
  console.error(`the read worker bundle takes inputs from outside ${sources}: ${outside.join(', ')}`);
  process.exit(1);
}
