/**
 * The read worker's bundle: a thread started from it needs no tsx (about 0.7 s less CPU per
 * thread), and spawn.ts takes it only while it is newer than every source file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { simpleDocx } from '../test/fixtures';
import { bundleIsFresh } from './spawn';
import type { FromWorker, ReadRequest } from './worker';

const PACKAGE = path.resolve(__dirname, '..');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'citecheck-bundle-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundleIsFresh', () => {
  function tree(name: string, sourceTime: number, bundleTime: number | null): { bundle: string; sources: string } {
    const sources = path.join(dir, name, 'src');
    mkdirSync(path.join(sources, 'nested'), { recursive: true });
    for (const file of ['a.ts', 'nested/b.ts']) {
      writeFileSync(path.join(sources, file), '');
      utimesSync(path.join(sources, file), 1_000, file === 'nested/b.ts' ? sourceTime : 1_000);
    }
    const bundle = path.join(dir, name, 'worker.cjs');
    if (bundleTime !== null) {
      writeFileSync(bundle, '');
      utimesSync(bundle, bundleTime, bundleTime);
    }
    return { bundle, sources };
  }

  it('takes a bundle newer than every source, nested ones too', () => {
    const { bundle, sources } = tree('fresh', 2_000, 3_000);
    expect(bundleIsFresh(bundle, sources)).toBe(true);
  });

  it('refuses a bundle older than any source file', () => {
    const { bundle, sources } = tree('stale', 4_000, 3_000);
    expect(bundleIsFresh(bundle, sources)).toBe(false);
  });

  it('refuses a missing bundle', () => {
    const { bundle, sources } = tree('missing', 2_000, null);
    expect(bundleIsFresh(bundle, sources)).toBe(false);
  });
});

describe('the bundled read worker', () => {
  it('starts without tsx and reads a .docx', async () => {
    // Inside the package, so the bundle finds its third-party packages as the real one does.
    const outfile = path.join(PACKAGE, 'dist', `worker-test-${process.pid}.cjs`);
    execFileSync(process.execPath, [path.join(PACKAGE, 'scripts', 'bundle-worker.mjs'), outfile]);
    // No tsx flags: were the bundle to require a TypeScript file, the thread would fail to load.
    const worker = new Worker(outfile, { execArgv: [], stdout: true, stderr: true });
    try {
      const data = new Uint8Array(await simpleDocx(['See Smith v. Jones, 556 U.S. 662 (2009).']));
      const answer = await new Promise<FromWorker>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (message: FromWorker) => {
          if (message.type === 'ready') {
            const request: ReadRequest = { type: 'read', id: 1, fileType: 'docx', data, maxPendingOcr: 4 };
            worker.postMessage(request);
          } else if (message.type === 'done' || message.type === 'error') resolve(message);
        });
      });
      expect(answer.type).toBe('done');
      const paragraphs = answer.type === 'done' ? answer.document.pages.flatMap((page) => page.paragraphs.map((p) => p.text)) : [];
      expect(paragraphs).toEqual(['See Smith v. Jones, 556 U.S. 662 (2009).']);
    } finally {
      await worker.terminate();
      rmSync(outfile, { force: true });
    }
  });
});
