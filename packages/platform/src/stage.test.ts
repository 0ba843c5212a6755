import { createEvent, parseEvent, type EventEnvelope, type EventOf } from '@citecheck/proto';
import { createSqliteStore } from './adapters/sqlite-store';
import { processedEvents } from './idempotency';
import type { Bus, DeliveryContext, Store } from './ports';
import { Registry } from 'prom-client';
import { oncePerDocument, stageJobs } from './stage';

let observed: string[] = [];

type Result = EventOf<'citations.extracted'> | EventOf<'pipeline.failed'>;

const clock = { now: () => new Date('2025-03-01T12:00:00.000Z') };
const delivery: DeliveryContext = { topic: 'document.uploaded', key: 'doc-1', attempt: 1 };

function uploaded(documentId: string) {
  return createEvent(
    'document.uploaded',
    { documentId, sessionId: 's', userId: null, filename: 'brief.pdf', fileType: 'pdf', size: 10, blobKey: `uploads/${documentId}`, uploadedAt: clock.now().toISOString(), userEmail: '', ipAddress: '' },
    documentId,
  );
}

function extracted(documentId: string): Result {
  return createEvent(
    'citations.extracted',
    { documentId, sessionId: 's', citations: [], pageCount: 1, ocrUsed: false, ocrPages: 0, stats: { llmCalls: 0, courtListenerCalls: 0, llmTokensUsed: 0, processingTimeMs: 0, ocrUsed: false }, warnings: [] },
    documentId,
  );
}

let store: Store;
let published: EventEnvelope[];
let runs: number;
let outcome: (documentId: string) => Result;

let registry: Registry | undefined;

function handler() {
  const bus: Bus = { publish: async (_topic, _key, event) => void published.push(event), subscribe: async () => ({ close: async () => undefined }), close: async () => undefined };
  const jobs = stageJobs<Result>(store);
  return {
    jobs,
    handle: oncePerDocument({
      consumer: 'test.document-uploaded',
      bus,
      clock,
      processed: processedEvents(store),
      jobs,
      parse: (raw) => parseEvent('document.uploaded', raw),
      documentId: (event) => event.payload.documentId,
      succeeded: (result) => result.type === 'citations.extracted',
      run: async (event) => {
        runs += 1;
        return outcome(event.payload.documentId);
      },
      metrics: registry && {
        registry,
        stage: 'extraction',
        observe: (result) => {
          if (result.type === 'citations.extracted') observed.push(result.payload.documentId);
        },
      },
    }),
  };
}

beforeEach(() => {
  registry = undefined;
  observed = [];
  store = createSqliteStore({ dir: ':memory:', service: 'stage' });
  published = [];
  runs = 0;
  outcome = extracted;
});

afterEach(() => store.close());

describe('oncePerDocument', () => {
  it('runs the stage, stores its result, then publishes it', async () => {
    const { handle, jobs } = handler();
    await handle(uploaded('doc-1'), delivery);
    expect(runs).toBe(1);
    expect(published.map((e) => e.type)).toEqual(['citations.extracted']);
    expect(await jobs.get('doc-1')).toMatchObject({ status: 'done', result: { id: published[0].id } });
  });

  it('ignores a redelivered event', async () => {
    const { handle } = handler();
    const event = uploaded('doc-1');
    await handle(event, delivery);
    await handle(event, { ...delivery, attempt: 2 });
    expect(runs).toBe(1);
    expect(published).toHaveLength(1);
  });

  it('re-publishes the stored result, not new work, when the document comes again', async () => {
    const { handle } = handler();
    await handle(uploaded('doc-1'), delivery);
    await handle(uploaded('doc-1'), delivery); // a resume after a restart: a new event id
    expect(runs).toBe(1);
    expect(published).toHaveLength(2);
    expect(published[1].id).toBe(published[0].id);
  });

  it('stores a failure event as a failed job', async () => {
    outcome = (documentId) => createEvent('pipeline.failed', { documentId, sessionId: 's', userId: null, stage: 'extraction', message: 'unreadable', code: 'read-failed' }, documentId);
    const { handle, jobs } = handler();
    await handle(uploaded('doc-2'), delivery);
    expect(await jobs.get('doc-2')).toMatchObject({ status: 'failed', result: { type: 'pipeline.failed' } });
  });

  it('stores and marks nothing when the stage throws, so the redelivery does the work', async () => {
    outcome = () => {
      throw new Error('blob store hiccup');
    };
    const { handle, jobs } = handler();
    const event = uploaded('doc-3');
    await expect(handle(event, delivery)).rejects.toThrow('blob store hiccup');
    expect(await jobs.get('doc-3')).toBeNull();
    outcome = extracted;
    await handle(event, { ...delivery, attempt: 2 });
    expect(runs).toBe(2);
    expect(published.map((e) => e.type)).toEqual(['citations.extracted']);
  });

  it('counts and times each piece of work by outcome, once, and hands new results to observe', async () => {
    registry = new Registry();
    const { handle } = handler();
    await handle(uploaded('doc-1'), delivery);
    await handle(uploaded('doc-1'), delivery); // handed on again: not counted again
    outcome = (documentId) => createEvent('pipeline.failed', { documentId, sessionId: 's', userId: null, stage: 'extraction', message: 'unreadable', code: 'read-failed' }, documentId);
    await handle(uploaded('doc-2'), delivery);
    outcome = () => {
      throw new Error('blob store hiccup');
    };
    await expect(handle(uploaded('doc-3'), delivery)).rejects.toThrow('blob store hiccup');
    const text = await registry.metrics();
    expect(text).toContain('citecheck_documents_total{stage="extraction",outcome="done"} 1');
    expect(text).toContain('citecheck_documents_total{stage="extraction",outcome="failed"} 1');
    expect(text).toContain('citecheck_documents_total{stage="extraction",outcome="error"} 1');
    expect(text).toContain('citecheck_stage_duration_seconds_count{stage="extraction",outcome="done"} 1');
    expect(observed).toEqual(['doc-1']);
  });
});
