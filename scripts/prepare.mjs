#!/usr/bin/env node
// Runs at `npm install` (npm's `prepare`): builds the esbuild bundles the product prefers to its
// TypeScript sources, the CLI's lean `extract`, the read worker and extraction's citation thread. Both fall back to the sources
// when their bundle is missing or stale, so an install that cannot build them skips them:
// a production install (`npm ci --omit=dev`, no esbuild) or the image's manifests-only install
// stage (no scripts yet). The image takes the bundles from its build stage (`npm run build`).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundles = [
  path.join(root, 'packages', 'cli', 'scripts', 'bundle.mjs'),
  path.join(root, 'packages', 'reading', 'scripts', 'bundle-worker.mjs'),
  path.join(root, 'services', 'extraction', 'scripts', 'bundle-thread.mjs'),
];

let esbuild = true;
try {
  createRequire(path.join(root, 'package.json')).resolve('esbuild');
} catch {
  esbuild = false;
}
for (const script of bundles) {
  if (!esbuild || !existsSync(script)) {
    console.log(`prepare: skipped ${path.relative(root, script)} (${esbuild ? 'not in this tree' : 'esbuild is not installed'}); the sources run instead`);
    continue;
  }
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
