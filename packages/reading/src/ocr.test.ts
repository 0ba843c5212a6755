/** OCR of scanned (image-only) PDFs, and proof that tesseract never reaches the network. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCitations } from '@citecheck/citations';
import { closeReader, readDocument, toCitationInput, type ReadProgress } from './index';
import * as fixtures from '../test/fixtures';

afterAll(() => closeReader());

it('reads a 10-page scanned brief: at least 95% of its case citations, on the right pages', async () => {
  const brief = fixtures.briefPages(10);
  const pdf = await fixtures.scannedPdf(
    brief.map((page) => page.paragraphs),
    { header: 'Case 1:23-cv-01234-ABC Document 12 Filed 01/01/24 Page {page} of 10' },
  );
  const progress: ReadProgress[] = [];
  const document = await readDocument(pdf, { onProgress: (p) => progress.push(p) });

  expect(document.ocrUsed).toBe(true);
  expect(document.ocrPages).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const { text, positions } = toCitationInput(document);
  const found = new Set(
    findCitations(text, { positions })
      .filter((c) => c.type === 'case' && c.form === 'full')
      .map((c) => `${c.normalized}@${c.documentPage}`),
  );
  const expected = brief.flatMap((page, i) => page.cites.map((cite) => `${cite}@${i + 1}`));
  const recalled = expected.filter((key) => found.has(key));
  expect(recalled.length / expected.length).toBeGreaterThanOrEqual(0.95);
  // The running header is recognised on every page and removed.
  expect(text).not.toMatch(/Filed 01\/01\/24/);
  expect(progress.some((p) => p.isActive)).toBe(true);
  expect(progress.at(-1)).toMatchObject({ isActive: false, progress: 100, pagesRead: 10, ocrPages: 10 });
}, 240_000);

it('reports progress within a scanned page while it is being recognised, not 0% until it is done', async () => {
  const pdf = await fixtures.scannedPdf([fixtures.briefPages(1)[0].paragraphs]);
  const progress: ReadProgress[] = [];
  await readDocument(pdf, { onProgress: (p) => progress.push(p) });
  const during = progress.filter((p) => p.isActive).map((p) => p.progress);
  expect(during.some((pct) => pct > 0 && pct < 100)).toBe(true);
  // Steady: the bar never goes back while the page is read.
  expect(during).toEqual([...during].sort((a, b) => a - b));
  expect(progress.at(-1)).toMatchObject({ isActive: false, progress: 100 });
}, 120_000);

it('works with the network unreachable', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reading-offline-'));
  // Every way out of the process throws, in the main thread and (inherited flags) in workers.
  const guard = path.join(dir, 'no-network.js');
  fs.writeFileSync(
    guard,
    `const refuse = () => { throw new Error('network access attempted'); };
     globalThis.fetch = async () => refuse();
     for (const m of ['http', 'https']) { const mod = require(m); mod.request = refuse; mod.get = refuse; }
     require('net').Socket.prototype.connect = refuse;`,
  );
  const script = path.join(dir, 'ocr-offline.ts');
  fs.writeFileSync(
    script,
    `import { readDocument, closeReader } from ${JSON.stringify(path.join(__dirname, 'index'))};
     import { scannedPdf } from ${JSON.stringify(path.join(__dirname, '..', 'test', 'fixtures'))};
     (async () => {
       let blocked = false;
       try { await fetch('https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'); } catch { blocked = true; }
       const pdf = await scannedPdf([['See Ashcroft v. Iqbal, 556 U.S. 662 (2009).']]);
       const document = await readDocument(pdf);
       await closeReader();
       console.log(JSON.stringify({ blocked, ocrUsed: document.ocrUsed, text: document.pages[0].paragraphs.map((p) => p.text).join(' ') }));
     })().catch((error) => { console.error(error); process.exit(1); });`,
  );
  const child = spawnSync(process.execPath, ['--require', guard, '--require', require.resolve('tsx/cjs'), script], {
    env: { ...process.env, HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(child.stderr).not.toMatch(/network access attempted/);
  expect(child.status).toBe(0);
  const result = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
  expect(result).toMatchObject({ blocked: true, ocrUsed: true });
  expect(result.text).toContain('556 U.S. 662');
}, 150_000);
