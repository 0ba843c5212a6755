#!/usr/bin/env node
// The `citecheck` command. `extract` on plain text runs from a prebuilt bundle (dist/lean.cjs,
// made by `npm run build:cli`) when it is newer than its sources: a one-page extract then
// answers in a fraction of a second. Everything else runs the TypeScript sources directly
// (tsx's require hook), so the command works on a fresh clone with no build step.
const fs = require('node:fs');
const path = require('node:path');

const args = process.argv.slice(2);
const root = path.resolve(__dirname, '..', '..', '..');
const bundle = path.resolve(__dirname, '..', 'dist', 'lean.cjs');

function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return t;
}

function leanBundleIsFresh() {
  try {
    const built = fs.statSync(bundle).mtimeMs;
    const sources = ['packages/citations/src', 'packages/cli/src', 'packages/reading/src'].map((d) => newest(path.join(root, d)));
    return built > Math.max(...sources);
  } catch {
    return false;
  }
}

function finish(promise) {
  promise.then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 2;
    },
  );
}

const plainText = args[0] === 'extract' && args.slice(1).some((a) => a === '-' || /\.txt$/i.test(a));
if (plainText && leanBundleIsFresh()) {
  finish(require(bundle).runExtract(args.slice(1)));
} else {
  require('tsx/cjs');
  finish(require('../src/main.ts').main(args));
}
