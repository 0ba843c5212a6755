#!/usr/bin/env node
// Bundles the citation finder's thread (src/adapters/citation-thread.ts, with extraction's
// domain and the citation engine it imports) into dist/citation-thread.cjs with esbuild,
// third-party packages left external. A thread started from the TypeScript sources loads tsx
// and transpiles every file first, about a second of CPU, at every start and at every
// replacement after a document ran out of its time budget; from the bundle, a fraction of it.
// adapters/citation-finder.ts uses the bundle only while it is newer than every file it was
// built from (this package's src/, the engine's src/ and data/, proto's src/).
//
//   node scripts/bundle-thread.mjs [outfile]     (default dist/citation-thread.cjs)
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(dir, '..', '..');
/** What the thread is built from; adapters/citation-finder.ts (THREAD_SOURCES) checks the same folders. */
const sources = [path.join(dir, 'src'), path.join(root, 'packages', 'citations', 'src'), path.join(root, 'packages', 'citations', 'data'), path.join(root, 'proto', 'src')];
const result = await build({
  absWorkingDir: root,
  entryPoints: [path.join(dir, 'src', 'adapters', 'citation-thread.ts')],
  outfile: process.argv[2] ? path.resolve(process.argv[2]) : path.join(dir, 'dist', 'citation-thread.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Third-party packages stay external; the workspace's own TypeScript packages are bundled.
  plugins: [
    {
      name: 'externals',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@citecheck/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
  metafile: true,
  logLevel: 'warning',
});
// The freshness check looks at these folders only; an input from elsewhere would go unseen.
const outside = Object.keys(result.metafile.inputs).filter((input) => !sources.some((source) => path.resolve(root, input).startsWith(source + path.sep)));
if (outside.length > 0) {
  console.error(`the citation thread bundle takes inputs from outside ${sources.join(', ')}: ${outside.join(', ')}`);
  process.exit(1);
}
