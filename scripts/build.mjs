#!/usr/bin/env node
// Builds what the product needs to run: the supergraph (composed from the subgraphs' SDL),
// the API types generated from it (proto/src/graphql/types.generated.ts), the web client
// (web/dist) and the distributed mode's bundles, one per deployable (dist/services/<name>.cjs,
// scripts/bundle-services.mjs: what the image runs with plain node). `--if-needed` (what
// `npm start` runs) skips the web build when web/dist is newer than every web source file, and
// the bundles, which embedded mode does not use, so `npm start` stays quick after the first run.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifNeeded = process.argv.includes('--if-needed');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'public') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
run(process.execPath, [tsx, 'gateway/src/compose.ts']);
run(process.execPath, [tsx, 'gateway/src/codegen.ts']);
// The esbuild bundles (the CLI's lean `extract`, the read worker), as `npm install` makes them;
// each falls back to the TypeScript sources when it is missing or stale.
run(process.execPath, [path.join(root, 'scripts', 'prepare.mjs')]);

const webIndex = path.join(root, 'web', 'dist', 'index.html');
const webIsFresh = existsSync(webIndex) && statSync(webIndex).mtimeMs > newestMtime(path.join(root, 'web'));
if (ifNeeded && webIsFresh) {
  console.log('web client is up to date (web/dist)');
} else {
  run('npm', ['run', 'build', '--silent', '-w', '@citecheck/web']);
}
if (!ifNeeded) run(process.execPath, [path.join(root, 'scripts', 'bundle-services.mjs')]);
