#!/usr/bin/env node
// Lays out everything one deployable needs to run from its bundle (scripts/bundle-services.mjs)
// in a directory of its own, the /app of that service's image:
//
//   dist/services/<name>.cjs (+ .map) and dist/tools/dead-letters.cjs
//   the files its bundled workspace packages read next to their sources at run time (every
//     file of those packages that is not TypeScript: the subgraphs' .graphql, the OCR worker,
//     the read worker's and citation thread's bundles, data), with their folders;
//     the gateway also gets the web client (web/dist)
//   node_modules: only the third-party packages the bundles (and the bundled workers and
//     threads they start) require, and what those depend on, at the same paths as here, so
//     Node resolves each the same way; no dev dependency, no tsx, no other service's packages
//
// Timestamps are kept, so a bundled worker stays newer than the folder it was built from (the
// freshness checks of packages/reading and services/extraction pick the bundle, never the
// TypeScript source, which is not there).
//
//   node scripts/stage-service.mjs <name> <outdir> [--bundles <dir>] [--link]
//
// --link hard-links files instead of copying them (tests, on one file system).
import { builtinModules } from 'node:module';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageOf, resolvePackageDir } from './bundle-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtins = new Set(builtinModules);
const TYPESCRIPT = /\.(ts|tsx|mts|cts)$/;
/** Packages an image never carries, whatever a bundle names. */
export const NEVER_STAGED = ['tsx', 'esbuild', 'typescript'];

/**
 * Every package directory the named packages need at run time: their dependencies, optional
 * dependencies and peer dependencies that are installed, resolved from each package's own
 * folder as Node would, transitively. A missing optional or peer dependency is left out (the
 * package guards it); a missing required one is an error.
 */
export function packageClosure(names, fromDir = root, more = []) {
  const found = new Set();
  const queue = [...names.map((name) => ({ name, from: fromDir, required: true })), ...more.map(({ name, from }) => ({ name, from: path.join(root, from), required: true }))];
  while (queue.length > 0) {
    const { name, from, required } = queue.shift();
    const dir = resolvePackageDir(name, from);
    if (!dir) {
      if (required) throw new Error(`${name} is needed (from ${path.relative(root, from) || '.'}) but is not installed`);
      continue;
    }
    if (found.has(dir)) continue;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) queue.push({ name: dependency, from: dir, required: !(dependency in (manifest.optionalDependencies ?? {})) });
    for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) queue.push({ name: dependency, from: dir, required: false });
    for (const dependency of Object.keys(manifest.peerDependencies ?? {})) queue.push({ name: dependency, from: dir, required: false });
  }
  return [...found].sort();
}

/** Third-party packages a built JavaScript file requires (`require("x")`, as esbuild writes externals). */
export function requiredPackages(file) {
  const text = readFileSync(file, 'utf8');
  const names = new Set();
  for (const [, specifier] of text.matchAll(/\brequire(?:\.resolve)?\(\s*["']([^"'./][^"']*)["']\s*\)/g)) {
    const name = packageOf(specifier.replace(/^node:/, ''));
    if (!builtins.has(name) && !specifier.startsWith('node:') && !name.startsWith('@citecheck/')) names.add(name);
  }
  return [...names];
}

function place(from, to, link) {
  mkdirSync(path.dirname(to), { recursive: true });
  if (link) {
    try {
      linkSync(from, to);
      return;
    } catch {
      // another file system: copy
    }
  }
  copyFileSync(from, to);
  const { atime, mtime } = statSync(from);
  utimesSync(to, atime, mtime);
}

/** Copies (or links) `dir` into `to`, keeping every folder; `keep(file)` chooses the files. */
function copyTree(dir, to, link, keep = () => true) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const from = path.join(dir, entry.name);
    const into = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules') continue;
      copyTree(from, into, link, keep);
    } else if (entry.isFile() && keep(from)) place(from, into, link);
    else if (entry.isSymbolicLink()) {
      // A package's own link (a bin): follow it.
      const target = statSync(from);
      if (target.isFile() && keep(from)) place(from, into, link);
    }
  }
  const { atime, mtime } = statSync(dir);
  utimesSync(to, atime, mtime);
}

export function stageService(name, out, { bundles = path.join(root, 'dist'), link = false } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(bundles, 'bundles.json'), 'utf8'));
  const mine = [`services/${name}`, 'tools/dead-letters'].map((key) => {
    if (!manifest[key]) throw new Error(`no bundle ${key} in ${bundles} (run node scripts/bundle-services.mjs first)`);
    return manifest[key];
  });
  for (const bundle of mine) {
    for (const suffix of ['', '.map']) {
      const file = path.join(bundles, bundle.file + suffix);
      if (existsSync(file)) place(file, path.join(out, 'dist', bundle.file + suffix), link);
    }
  }
  // The workspace packages' run-time files, and the packages the bundled workers require.
  const workspace = [...new Set(mine.flatMap((bundle) => bundle.workspace))].sort();
  const packages = new Set(mine.flatMap((bundle) => bundle.packages));
  for (const dir of workspace) {
    copyTree(path.join(root, dir), path.join(out, dir), link, (file) => !TYPESCRIPT.test(file));
  }
  for (const dir of workspace) {
    const walk = (at) => {
      for (const entry of readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, entry.name);
        if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
        else if (entry.isFile() && /\.(c?js|mjs)$/.test(entry.name)) for (const required of requiredPackages(full)) packages.add(required);
      }
    };
    walk(path.join(root, dir));
  }
  if (name === 'gateway') copyTree(path.join(root, 'web', 'dist'), path.join(out, 'web', 'dist'), link);
  // tsx is only named by the TypeScript fallback of a bundled worker that is older than its
  // sources (packages/reading/src/spawn.ts); an image's bundles are built with it, never older,
  // and an image without tsx fails loudly if that ever changed rather than compiling at run time.
  for (const devOnly of NEVER_STAGED) packages.delete(devOnly);
  const nested = mine.flatMap((bundle) => bundle.nested ?? []);
  const closure = packageClosure([...packages], root, nested);
  for (const dir of closure) copyTree(dir, path.join(out, path.relative(root, dir)), link);
  return { workspace, packages: [...packages].sort(), closure: closure.map((dir) => path.relative(root, dir)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const link = args.includes('--link');
  const at = args.indexOf('--bundles');
  const bundles = at >= 0 ? path.resolve(args[at + 1]) : undefined;
  const [name, out] = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!name || !out) {
    console.error('usage: stage-service.mjs <name> <outdir> [--bundles <dir>] [--link]');
    process.exit(2);
  }
  const staged = stageService(name, path.resolve(out), { bundles, link });
  console.log(`staged ${name}: ${staged.workspace.length} workspace packages, ${staged.closure.length} packages in node_modules`);
}
