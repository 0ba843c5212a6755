import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, platformConfigSchema } from './config';
import { createBus, createPorts } from './create-ports';
import { testEvent, waitFor } from './testing/wait';

describe('createPorts (embedded)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'citecheck-ports-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives each service its own store file and blob folder, and all of them one bus', async () => {
    const config = loadConfig(platformConfigSchema, { DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const bus = await createBus(config);
    const now = new Date('2030-01-01T00:00:00Z');
    const ingest = await createPorts(config, 'ingest', { bus, clock: { now: () => now } });
    const extraction = await createPorts(config, 'extraction', { bus });

    await ingest.store.collection<{ id: string }>({ name: 'documents' }).insert({ id: 'd1' });
    expect(await extraction.store.collection<{ id: string }>({ name: 'documents' }).get('d1')).toBeNull();
    expect(existsSync(join(dir, 'ingest.sqlite'))).toBe(true);
    expect(existsSync(join(dir, 'extraction.sqlite'))).toBe(true);

    await ingest.blobs.put('d1.pdf', Buffer.from('x'));
    expect(existsSync(join(dir, 'blobs', 'ingest', 'd1.pdf'))).toBe(true);
    expect(await extraction.blobs.exists('d1.pdf')).toBe(false);

    const received: string[] = [];
    await extraction.bus.subscribe('document.uploaded', 'extraction', async (event) => {
      received.push(event.id);
    });
    const event = testEvent({ documentId: 'd1' }, 'document.uploaded');
    await ingest.bus.publish('document.uploaded', 'd1', event);
    await waitFor(() => received.length === 1, 'the event across services');
    expect(received).toEqual([event.id]);
    expect(existsSync(join(dir, 'bus.sqlite'))).toBe(true);

    expect(ingest.clock.now()).toBe(now);
    expect(ingest.service).toBe('ingest');
    expect(ingest.metrics).not.toBe(extraction.metrics);

    await Promise.all([ingest.store.close(), extraction.store.close(), bus.close()]);
  });
});
