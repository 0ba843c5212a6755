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
import { createEvent, type EventEnvelope, type ExtractedCitation, type PipelineProgress } from '@citecheck/proto';
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
