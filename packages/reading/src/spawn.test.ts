/**
 * Worker flags: tsx's hooks never reach a read worker however the parent was started, and a
 * read works from a process started the ways the product (`node --import tsx`) and developers
 * (the tsx CLI) start it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { inheritedFlags, isTsxSpecifier } from './spawn';

const ROOT = path.resolve(__dirname, '../../..');
const CHILD = path.resolve(__dirname, '../test/read-child.ts');

describe('inheritedFlags', () => {
  it.each<[string[], string[]]>([
    [['--import', 'tsx'], []],
    [['--import=tsx'], []],
    [['--require', 'tsx/cjs'], []],
    [['-r', 'tsx/cjs'], []],
    [['--require=tsx/cjs'], []],
    [['--loader', 'tsx/esm'], []],
    [['--experimental-loader=tsx'], []],
    [['--require', '/repo/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///repo/node_modules/tsx/dist/loader.mjs'], []],
    [['--require', './net-guard.js', '--import', 'tsx', '--max-old-space-size=2048'], ['--require', './net-guard.js', '--max-old-space-size=2048']],
    [['--import=./telemetry.mjs', '--enable-source-maps'], ['--import=./telemetry.mjs', '--enable-source-maps']],
    [['--require', 'tsxlike'], ['--require', 'tsxlike']],
  ])('%j → %j', (argv, expected) => {
    expect(inheritedFlags(argv)).toEqual(expected);
  });

  it('recognises tsx by package name or by path only', () => {
    expect(['tsx', 'tsx/cjs', 'tsx/esm', 'C:\\app\\node_modules\\tsx\\dist\\loader.mjs'].every(isTsxSpecifier)).toBe(true);
    expect(['tsx-helpers', './tsx.js', 'my-tsx/cjs'].some(isTsxSpecifier)).toBe(false);
  });
});

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string; code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ stdout, stderr, code: error ? ((error as { code?: number }).code ?? 1) : 0, ms: performance.now() - started });
    });
  });
}

describe('reading from a child process', () => {
  const expected = JSON.stringify(['Ashcroft v. Iqbal, 556 U.S. 662 (2009).']);

  it('started as `node --import tsx script.ts`, and it exits without closeReader()', async () => {
    const result = await run(process.execPath, ['--import', 'tsx', CHILD]);
    expect({ stdout: result.stdout.trim(), code: result.code }).toEqual({ stdout: expected, code: 0 });
  }, 100_000);

  // Failed before workerOptions(): a V8 flag such as --max-old-space-size is process-wide and
  // refused in a worker's execArgv, so passing the parent's flags on made every read fail.
  it('started as `node --max-old-space-size=1024 --title citecheck-read --import tsx script.ts`', async () => {
    const result = await run(process.execPath, ['--max-old-space-size=1024', '--title', 'citecheck-read', '--import', 'tsx', CHILD]);
    expect({ stdout: result.stdout.trim(), code: result.code }).toEqual({ stdout: expected, code: 0 });
  }, 100_000);

  it('started with the tsx CLI, calling closeReader() like the CLI', async () => {
    const result = await run(path.join(ROOT, 'node_modules/.bin/tsx'), [CHILD, 'close']);
    expect({ stdout: result.stdout.trim(), code: result.code }).toEqual({ stdout: expected, code: 0 });
  }, 100_000);
});
