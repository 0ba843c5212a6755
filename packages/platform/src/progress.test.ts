import type { EventEnvelope, PipelineProgress } from '@citecheck/proto';
import type { Bus } from './ports';
import { progressPublisher } from './progress';

function recordingBus(delays: number[] = []): Bus & { published: Array<{ key: string; event: EventEnvelope }> } {
  const published: Array<{ key: string; event: EventEnvelope }> = [];
  let call = 0;
  return {
    published,
    async publish(_topic, key, event) {
      // Uneven publish times must not reorder the messages.
      await new Promise((r) => setTimeout(r, delays[call++] ?? 0));
      published.push({ key, event });
    },
    subscribe: async () => ({ close: async () => {} }),
    close: async () => {},
  };
}

describe('progressPublisher', () => {
  it('publishes in order, keyed by document, with progress that never goes backwards', async () => {
    const bus = recordingBus([30, 0, 10]);
    const progress = progressPublisher(bus, 'doc-1', 'session-1');
    progress.emit({ step: 'extraction', message: 'Reading', progress: 20 });
    progress.emit({ step: 'OCR', message: 'OCR page 1', progress: 15 });
    progress.emit({ step: 'processing', message: 'Finding citations', progress: 40 });
    await progress.flush();
    const payloads = bus.published.map((p) => p.event.payload as PipelineProgress);
    expect(payloads.map((p) => [p.step, p.progress, p.sessionId])).toEqual([
      ['extraction', 20, 'session-1'],
      ['OCR', 20, 'session-1'],
      ['processing', 40, 'session-1'],
    ]);
    expect(bus.published.every((p) => p.key === 'doc-1' && p.event.correlationId === 'doc-1')).toBe(true);
  });

  it('publishes nothing for a job no browser is watching', async () => {
    const bus = recordingBus();
    const progress = progressPublisher(bus, 'doc-2', null);
    progress.emit({ step: 'extraction', message: 'Reading', progress: 20 });
    await progress.flush();
    expect(bus.published).toEqual([]);
  });
});
