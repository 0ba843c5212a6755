#!/usr/bin/env node
// The whole test suite: builds what the system tests need, runs every Jest suite, lists the
// suites that were skipped (adapters without a broker, live APIs without a key) and ends
// with one plain line: "tests: N passed, N failed, N skipped".
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extraArgs = process.argv.slice(2);

execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-needed'], { cwd: root, stdio: 'inherit' });

mkdirSync(path.join(root, 'artifacts'), { recursive: true });
const resultsFile = path.join(root, 'artifacts', 'jest-results.json');
const jest = spawn(
  process.execPath,
  [path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--json', `--outputFile=${resultsFile}`, ...extraArgs],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
);

const skipped = new Set();
function relay(stream, target) {
  let pending = '';
  stream.on('data', (chunk) => {
    target.write(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = line.match(/SKIPPED: (.+)$/);
      if (match) skipped.add(match[1].trim());
    }
  });
}
relay(jest.stdout, process.stdout);
relay(jest.stderr, process.stderr);

jest.on('close', (code) => {
  let summary = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
  try {
    summary = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    // Jest failed before writing results; its own output says why.
  }
  // Which adapter of each port ran its contract suite (describe blocks named "<Port> contract: <adapter>").
  const contracts = new Map();
  for (const file of summary.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const title = test.ancestorTitles?.[0] ?? '';
      if (!/ contract: /.test(title)) continue;
      const ran = test.status === 'passed' || test.status === 'failed';
      contracts.set(title, (contracts.get(title) ?? false) || ran);
    }
  }
  if (contracts.size > 0) {
    console.log('\nAdapter contract suites:');
    for (const [title, ran] of [...contracts].sort()) console.log(`  ${ran ? 'ran    ' : 'skipped'}  ${title}`);
  }
  console.log('\nSuites skipped in this run:');
  if (skipped.size === 0) console.log('  none');
  for (const name of [...skipped].sort()) console.log(`  SKIPPED: ${name}`);
  const failed = summary.numFailedTests + (code !== 0 && summary.numFailedTests === 0 ? 1 : 0);
  console.log(`tests: ${summary.numPassedTests} passed, ${failed} failed, ${summary.numPendingTests + summary.numTodoTests} skipped`);
  process.exit(code ?? 1);
});
