/**
 * Finding 4 (High), "A 6 KB PDF holds a reader for 300 s": 24 nested Form XObjects, each
 * drawing the next twice, the last a line of text.
 * - fails before: pdf.js walked all 2^24 drawings while extracting the page's text; the read
 *   held its worker until the document's 5-minute budget ended it (`read-timeout`);
 * - fails before: two such uploads of one free user held both readers of a 2-core server, and
 *   everyone else's uploads waited behind them (the sample filing got a 504 after 120 s);
 * - now a text budget per page and per document (packages/reading/src/pdf.ts, PDF_LIMITS) stops
 *   the file within seconds with `pdf-too-complex` and a message that says what to do, and one
 *   uploader's documents hold at most all readers but one (packages/reading/src/pool.ts).
 */
import { closeReader, configureReader, readDocument } from '../../packages/reading/src';
import { formBombPdf, textPdf } from '../../packages/reading/test/fixtures';
import { brief } from '../../web/sample-filing/brief';
import { upload, verifiedUser } from '../src/pipeline-harness';
import { startPipelineProduct } from '../src/support/embedded-product';

const BOMB_MESSAGE =
  'This PDF repeats the same drawing so many times that reading it would take too long, so it was stopped. Please print it to a new PDF (or export it again from the program that made it) and upload the new copy.';

/** The sample filing's text as a PDF, three paragraphs a page. */
function sampleFilingPdf(): Promise<Uint8Array> {
  const paragraphs = brief.sections.flatMap((section) => [...(section.heading ? [section.heading] : []), ...section.paragraphs]);
  const pages: string[][] = [];
  for (let i = 0; i < paragraphs.length; i += 3) pages.push(paragraphs.slice(i, i + 3));
  return textPdf(pages);
}

afterAll(async () => {
  await closeReader();
  configureReader({});
});

it('stops the 6 KB bomb within seconds, saying why', async () => {
  const bomb = formBombPdf(24);
  expect(bomb.length).toBeLessThan(8 * 1024);
  const started = Date.now();
  const error: unknown = await readDocument(bomb, { owner: 'attacker' }).catch((e: unknown) => e);
  expect(error).toMatchObject({ code: 'pdf-too-complex', message: BOMB_MESSAGE });
  // The per-page time budget is 5 s; the document's own budget was 300 s.
  expect(Date.now() - started).toBeLessThan(30_000);
}, 120_000);

it('leaves a reader for everyone else while one uploader’s bombs are read', async () => {
  await closeReader();
  configureReader({ workers: 2 });
  const sample = await sampleFilingPdf();
  const finished: string[] = [];
  const bombs = ['bomb-1', 'bomb-2'].map((name) =>
    readDocument(formBombPdf(24), { owner: 'attacker' }).then(
      () => finished.push(name),
      () => finished.push(name),
    ),
  );
  // The bombs are in hand before the lawyer's brief arrives.
  await new Promise((r) => setTimeout(r, 300));
  const lawyer = await readDocument(new Uint8Array(sample), { owner: 'lawyer' });
  finished.push('lawyer');
  await Promise.all(bombs);
  expect(lawyer.pages.length).toBeGreaterThan(1);
  // Before: both readers held a bomb and the brief waited for one of them to end.
  expect(finished[0]).toBe('lawyer');
}, 120_000);

describe('through the product', () => {
  let product: Awaited<ReturnType<typeof startPipelineProduct>>;
  beforeAll(async () => {
    await closeReader();
    configureReader({});
    product = await startPipelineProduct('pdf-form-bomb');
  }, 60_000);
  afterAll(() => product?.close());

  it('answers the sample filing within 30 s while two bombs are read, and each bomb with its message', async () => {
    const attacker = await verifiedUser(product.url, 'bombs@attack.test', 'Bombs');
    const lawyer = await verifiedUser(product.url, 'counsel@firm.test', 'Counsel');
    const bombs = [1, 2].map((n) => upload(product.url, attacker, formBombPdf(24), `bomb-${n}.pdf`, `bomb-${n}`));
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    const sample = await upload(product.url, lawyer, Buffer.from(await sampleFilingPdf()), 'sample-filing.pdf', 'lawyer-session');
    const seconds = (Date.now() - started) / 1000;
    console.log(`sample filing beside two PDF bombs: answered in ${seconds.toFixed(1)} s`);
    expect(sample.status).toBe(200);
    expect(sample.body.citations?.length).toBeGreaterThan(5);
    expect(seconds).toBeLessThan(30);
    for (const bomb of await Promise.all(bombs)) {
      expect(bomb.status).toBe(422);
      expect(bomb.body).toMatchObject({ message: BOMB_MESSAGE });
    }
  }, 240_000);
});
