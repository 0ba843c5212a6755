/**
 * tesseract.js's threads start without tsx's hooks, however the server was started: loading
 * tsx in every OCR thread cost 0.5-1 s of CPU at normal priority. Failed before
 * tesseract-threads.ts: the thread inherited `--import tsx`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isTsxSpecifier } from './spawn';

const ROOT = path.resolve(__dirname, '../../..');
const CHILD = path.resolve(__dirname, '../test/ocr-flags-child.ts');

it('an OCR thread started from `node --import tsx` gets the parent\'s flags without tsx', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'citecheck-ocr-flags-'));
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--enable-source-maps', '--max-old-space-size=1024', '--import', 'tsx', CHILD],
        { cwd: ROOT, timeout: 60_000, env: { ...process.env, OCR_FLAGS_FILE: path.join(dir, 'flags.json') } },
        (error, out) => (error ? reject(error) : resolve(out)),
      );
    });
    const flags = JSON.parse(stdout) as string[];
    // Passed on, but without tsx, and without the V8 flag Node refuses in a thread's flags.
    expect(flags).toEqual(['--enable-source-maps']);
    expect(flags.some(isTsxSpecifier)).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
