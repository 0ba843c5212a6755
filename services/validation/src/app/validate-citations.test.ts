/**
 * The validation stage on its own: `citations.extracted` in, a verdict per citation from the
 * case-law sources, stored, and `citations.validated` out, with progress on the way. Runs
 * against the demo index, which is not authoritative: a citation it has never heard of stays
 * unverified, while a real address carrying another case's name is flagged.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDemoIndex, LocalCitationIndex, type CaseLawProvider } from '@citecheck/caselaw';
import { createLogger, createSqliteStore, processedEvents, type Bus, type Store } from '@citecheck/platform';
import { createEvent, type EventEnvelope, type ExtractedCitation, type ExtractedQuote, type PipelineProgress } from '@citecheck/proto';
import { CitationRepository } from '../store/citations';
import { jobsCollection } from '../store/jobs';
import { MAX_ATTEMPTS, validateCitations, type ValidationDeps } from './validate-citations';

let dir: string;
let index: LocalCitationIndex;
let store: Store;
let published: EventEnvelope[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'citecheck-validation-'));
  await ensureDemoIndex(path.join(dir, 'caselaw.sqlite'));
  index = LocalCitationIndex.open(path.join(dir, 'caselaw.sqlite'));
});

afterAll(() => {
  index.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  store = createSqliteStore({ dir: ':memory:', service: 'validation' });
  published = [];
});

afterEach(() => store.close());

function deps(providers: () => CaseLawProvider[] = () => [index]): ValidationDeps {
  const bus: Bus = {
    publish: async (_topic, _key, event) => void published.push(event),
    subscribe: async () => ({ close: async () => undefined }),
    close: async () => undefined,
  };
  return {
    bus,
    clock: { now: () => new Date('2025-03-01T12:00:00.000Z') },
    logger: createLogger('validation', 'silent'),
    jobs: jobsCollection(store),
    citations: new CitationRepository(store),
    processed: processedEvents(store),
    providers,
  };
}

let counter = 0;
function cite(documentId: string, volume: number, reporter: string, page: string, caseName: string, year: number): ExtractedCitation {
  const text = `${volume} ${reporter} ${page}`;
  return {
    id: `${documentId}.c${(counter += 1)}`,
    type: 'case',
    form: 'full',
    text,
    start: 0,
    end: text.length,
    normalized: text,
    volume,
    reporter,
    page,
    pinCite: null,
    caseName,
    plaintiff: caseName.split(' v. ')[0] ?? null,
    defendant: caseName.split(' v. ')[1] ?? null,
    year,
    court: null,
    parenthetical: null,
    context: `${caseName}, ${text} (${year}).`,
    documentPage: 1,
    paragraph: 1,
    antecedent: null,
    parallels: [],
  };
}

function extracted(documentId: string, citations: ExtractedCitation[]) {
  return createEvent(
    'citations.extracted',
    {
      documentId,
      sessionId: 's-1',
      citations,
      pageCount: 1,
      ocrUsed: false,
      ocrPages: 0,
      stats: { llmCalls: 0, courtListenerCalls: 0, llmTokensUsed: 0, processingTimeMs: 5, ocrUsed: false },
      warnings: [],
    },
    documentId,
  );
}

const delivery = (attempt: number) => ({ topic: 'citations.extracted', key: 'k', attempt });
const progressSteps = () => published.filter((e) => e.type === 'pipeline.progress').map((e) => (e.payload as PipelineProgress).step);

it('gives each citation its verdict, stores them, and reports progress', async () => {
  const citations = [
    cite('doc-1', 550, 'U.S.', '544', 'Bell Atlantic Corp. v. Twombly', 2007),
    cite('doc-1', 477, 'U.S.', '242', 'Kaufman v. Alitalia Airlines, Inc.', 1986),
    cite('doc-1', 999, 'F.3d', '999', 'Nobody v. Nowhere', 2020),
  ];
  const d = deps();
  const result = await validateCitations(d, extracted('doc-1', citations), delivery(1));
  if (result.type !== 'citations.validated') throw new Error(`expected verdicts, got ${JSON.stringify(result.payload)}`);

  expect(result.payload.citations.map((c) => [c.text, c.isValid])).toEqual([
    ['550 U.S. 544', true],
    // A real address whose case is another one: flagged.
    ['477 U.S. 242', false],
    // Unknown to a source that is not authoritative: left unverified, never called invented.
    ['999 F.3d 999', null],
  ]);
  expect(await d.citations.ofDocument('doc-1')).toEqual(result.payload.citations);
  expect(progressSteps()).toEqual(expect.arrayContaining(['validation', 'consolidation']));
  expect(progressSteps()).not.toContain('error');
});

it('rethrows a passing failure for redelivery, and fails the document on the last attempt', async () => {
  const broken = deps(() => {
    throw new Error('case-law index unreadable');
  });
  const event = extracted('doc-2', [cite('doc-2', 550, 'U.S.', '544', 'Bell Atlantic Corp. v. Twombly', 2007)]);
  await expect(validateCitations(broken, event, delivery(1))).rejects.toThrow('case-law index unreadable');
  const last = await validateCitations(broken, event, delivery(MAX_ATTEMPTS));
  expect(last).toMatchObject({ type: 'pipeline.failed', payload: { documentId: 'doc-2', stage: 'validation', code: 'validation-failed' } });
  expect(progressSteps()).toContain('error');
});

it('runs the hold a host gives it before each document', async () => {
  const order: string[] = [];
  const held = { ...deps(), beforeEachDocument: async () => void order.push('held') };
  const result = await validateCitations(held, extracted('doc-3', []), delivery(1));
  order.push(result.type);
  expect(order).toEqual(['held', 'citations.validated']);
});

describe('quotations', () => {
  let textIndex: LocalCitationIndex;
  beforeAll(async () => {
    const { importBulkData } = await import('@citecheck/caselaw');
    const { writeSnapshotFolder } = await import('@citecheck/caselaw/testing/bulk-snapshot');
    const bulk = writeSnapshotFolder(path.join(dir, 'bulk-quotes'));
    await importBulkData([bulk], { indexPath: path.join(dir, 'quotes.sqlite'), authoritative: true });
    textIndex = LocalCitationIndex.open(path.join(dir, 'quotes.sqlite'));
  });
  afterAll(() => textIndex.close());

  const quote = (citationId: string | null, text: string, pin: string | null): ExtractedQuote => ({
    citationId,
    text,
    start: 0,
    end: text.length,
    kind: 'inline',
    tie: 'following',
    notes: [],
    target: { caseKey: '925 F.3d 1320', cites: [{ normalized: '925 F.3d 1320', volume: 925, reporter: 'F.3d', page: '1320', pin }] },
    reason: null,
  });

  it("checks each quotation against the case's stored opinion and keeps the results with the verdict", async () => {
    const smith = { ...cite('doc-q', 925, 'F.3d', '1320', 'Smith v. Jones', 2019), pinCite: '1321' };
    const alpha = cite('doc-q', 550, 'U.S.', '544', 'Alpha v. Beta', 2007);
    const statute = { ...cite('doc-q', 28, 'U.S.C.', '1332', '', 2020), type: 'statute' as const, caseName: null };
    const event = extracted('doc-q', [smith, alpha, statute]);
    event.payload.quotes = [
      quote(smith.id, 'may not weigh the credibility of witnesses', '1321'),
      quote(smith.id, 'the contract required the buyer to give notice within thirty days', '1321'),
      quote(smith.id, 'a seller who stays silent waives every defense to a late notice', '1321'),
      quote(null, 'words tied to no citation at all in the brief', null),
    ];
    const d = deps(() => [textIndex]);
    const result = await validateCitations(d, event, delivery(1));
    if (result.type !== 'citations.validated') throw new Error(JSON.stringify(result.payload));
    const [s, a, st] = result.payload.citations;
    expect(s.quotes!.map((q) => [q.status, q.foundPage])).toEqual([['verified', '1321'], ['altered', '1321'], ['not-found', null]]);
    expect(s.quotes![1].diff!.opinion.some((p) => p.changed && /not/.test(p.text))).toBe(true);
    expect(a.quotes).toEqual([]); // a case citation without quotations: an empty list
    expect(st.quotes).toBeUndefined();
    expect(await d.citations.ofDocument('doc-q')).toEqual(result.payload.citations);
  });

  it('a quotation of a case the verdict did not find is not checked; a source that fails says so', async () => {
    const wrong = { ...cite('doc-r', 925, 'F.3d', '1320', 'Kaufman v. Alitalia Airlines, Inc.', 2019) };
    const event = extracted('doc-r', [wrong]);
    event.payload.quotes = [quote(wrong.id, 'may not weigh the credibility of witnesses', '1321')];
    const result = await validateCitations(deps(() => [textIndex]), event, delivery(1));
    if (result.type !== 'citations.validated') throw new Error(JSON.stringify(result.payload));
    expect(result.payload.citations[0].isValid).toBe(false);
    expect(result.payload.citations[0].quotes).toEqual([expect.objectContaining({ status: 'unchecked', message: 'Not checked: the cited case was not found, so there is no opinion to compare the words with.' })]);

    const failing: CaseLawProvider = {
      name: 'flaky',
      authoritative: false,
      lookup: (requests) => textIndex.lookup(requests),
      opinionText: async () => ({ status: 'error', message: 'HTTP 503' }),
    };
    const ok = { ...cite('doc-s', 925, 'F.3d', '1320', 'Smith v. Jones', 2019) };
    const again = extracted('doc-s', [ok]);
    again.payload.quotes = [quote(ok.id, 'may not weigh the credibility of witnesses', '1321')];
    const r2 = await validateCitations(deps(() => [failing]), again, delivery(1));
    if (r2.type !== 'citations.validated') throw new Error(JSON.stringify(r2.payload));
    expect(r2.payload.citations[0].quotes).toEqual([expect.objectContaining({ status: 'unchecked', message: 'Not checked: the opinion could not be retrieved. Please try again later.' })]);
  });
});
