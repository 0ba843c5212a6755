#!/usr/bin/env node
// Bundles the lean `citecheck extract` entry (src/lean.ts) into dist/lean.cjs with esbuild:
// the citation engine and the text reader in one file, third-party packages left external.
// The bin uses it only while it is newer than the sources it was made from.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [path.join(dir, 'src', 'lean.ts')],
  outfile: path.join(dir, 'dist', 'lean.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'workspace-only',
      setup(b) {
        // Bundle our own packages; PDF/Word reading (`@citecheck/reading` itself) is never
        // reached from the plain-text path and stays out.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@citecheck/') && args.path !== '@citecheck/reading' ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
