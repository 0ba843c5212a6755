#!/usr/bin/env node
// The `citecheck` command. It runs the TypeScript sources directly (tsx's require hook), so
// the command works on a fresh clone right after `npm ci`, with no build step.
require('tsx/cjs');
const { main } = require('../src/main.ts');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
