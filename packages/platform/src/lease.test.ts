import { createEvent, parseEvent, type EventEnvelope, type EventOf } from '@citecheck/proto';
import { createSqliteStore } from './adapters/sqlite-store';
import { processedEvents } from './idempotency';
import { documentLeases } from './lease';
import { systemClock, type Bus, type Store } from './ports';
import { oncePerDocument, stageJobs } from './stage';

let now = new Date('2025-03-01T12:00:00.000Z');
const clock = { now: () => now };
let store: Store;

beforeEach(() => {
  now = new Date('2025-03-01T12:00:00.000Z');
  store = createSqliteStore({ dir: ':memory:', service: 'lease' });
});
afterEach(() => store.close());

describe('documentLeases', () => {
  it('has one owner at a time, renewable by that owner only', async () => {
    const a = documentLeases(store, { clock, owner: 'a', ttlMs: 1000 });
    const b = documentLeases(store, { clock, owner: 'b', ttlMs: 1000 });
    expect(await a.acquire('doc-1')).toBe(true);
    expect(await b.acquire('doc-1')).toBe(false);
    expect(await a.acquire('doc-1')).toBe(true);
    expect(await b.renew('doc-1')).toBe(false);
    expect(await a.renew('doc-1')).toBe(true);
    await a.release('doc-1');
    expect(await b.acquire('doc-1')).toBe(true);
  });

  it('is taken over once it has expired, and the old owner can no longer renew it', async () => {
    const a = documentLeases(store, { clock, owner: 'a', ttlMs: 1000 });
    const b = documentLeases(store, { clock, owner: 'b', ttlMs: 1000 });
    expect(await a.acquire('doc-1')).toBe(true);
    now = new Date(now.getTime() + 999);
    expect(await b.acquire('doc-1')).toBe(false);
    now = new Date(now.getTime() + 2);
    expect(await b.acquire('doc-1')).toBe(true);
    expect(await a.renew('doc-1')).toBe(false);
    // Releasing a lease that is no longer ours leaves the new owner's in place.
    await a.release('doc-1');
    expect(await a.acquire('doc-1')).toBe(false);
  });
});

type Result = EventOf<'citations.extracted'>;

function uploaded(documentId: string) {
  return createEvent(
    'document.uploaded',
    { documentId, sessionId: 's', userId: null, filename: 'b.pdf', fileType: 'pdf', size: 1, blobKey: `u/${documentId}`, uploadedAt: new Date().toISOString(), userEmail: '', ipAddress: '' },
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

describe('oncePerDocument with leases', () => {
  const published: EventEnvelope[] = [];
  let runs: string[];
  const bus: Bus = { publish: async (_t, _k, e) => void published.push(e), subscribe: async () => ({ close: async () => undefined }), close: async () => undefined };

  /** One replica's handler: its own owner id, sharing the store as replicas share MongoDB. */
  function replica(owner: string, workMs: number, ttlMs: number) {
    return oncePerDocument({
      consumer: 'extraction',
      bus,
      clock: systemClock,
      processed: processedEvents(store),
      jobs: stageJobs<Result>(store),
      leases: documentLeases(store, { clock: systemClock, owner, ttlMs }),
      parse: (raw) => parseEvent('document.uploaded', raw),
      documentId: (e) => e.payload.documentId,
      succeeded: () => true,
      run: async (e) => {
        runs.push(owner);
        await new Promise((resolve) => setTimeout(resolve, workMs));
        return extracted(e.payload.documentId);
      },
    });
  }

  beforeEach(() => {
    published.length = 0;
    runs = [];
  });

  it('two replicas handed the same event: the work runs once, renewed past its ttl, and both hand on its result', async () => {
    const event = uploaded('doc-1');
    const delivery = { topic: 'document.uploaded', key: 'doc-1', attempt: 1 };
    // The work takes four lease periods: without renewal the second replica would take over.
    const first = replica('a', 400, 100)(event, delivery);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = replica('b', 400, 100)({ ...event, id: `${event.id}-again` } as typeof event, delivery);
    await Promise.all([first, second]);
    expect(runs).toEqual(['a']);
    expect(published.map((e) => (e as Result).payload.documentId)).toEqual(['doc-1', 'doc-1']);
    expect(published[0].id).toBe(published[1].id);
  });

  it('a replica that died holding the lease is taken over after it expires', async () => {
    const dead = documentLeases(store, { clock: systemClock, owner: 'dead', ttlMs: 150 });
    expect(await dead.acquire('extraction:doc-2')).toBe(true);
    const started = Date.now();
    await replica('b', 10, 150)(uploaded('doc-2'), { topic: 'document.uploaded', key: 'doc-2', attempt: 1 });
    expect(runs).toEqual(['b']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(published).toHaveLength(1);
  });
});
