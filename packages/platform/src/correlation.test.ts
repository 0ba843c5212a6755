import type { EventEnvelope } from '@citecheck/proto';
import { createEmbeddedBus } from './adapters/embedded-bus';
import { correlatedBus, currentCorrelationId, withCorrelationId } from './correlation';
import { createLogger } from './logger';
import { logLines, testEvent, waitFor } from './testing';

function captured() {
  const { lines, stream } = logLines();
  return { lines, logger: createLogger('test', 'info', stream) };
}

describe('correlation ids', () => {
  const raw = createEmbeddedBus({ dir: ':memory:', pollMs: 20 });
  const bus = correlatedBus(raw);
  afterAll(() => bus.close());

  it('stamps the work in hand on what it publishes, and hands it to the handlers, through two hops', async () => {
    const { lines, logger } = captured();
    const seen: { topic: string; envelope: string; inHandler: string | undefined }[] = [];
    const onSecond: EventEnvelope[] = [];
    await bus.subscribe('corr.first', 'corr-test', async (event) => {
      seen.push({ topic: 'corr.first', envelope: event.correlationId, inHandler: currentCorrelationId() });
      logger.info({ step: 'first' }, 'handled');
      // A handler's own publish: created with some other id, sent with the one in hand.
      await bus.publish('corr.second', 'k', testEvent({ n: 2 }, 'corr.second'));
    });
    await bus.subscribe('corr.second', 'corr-test', async (event) => {
      onSecond.push(event);
      seen.push({ topic: 'corr.second', envelope: event.correlationId, inHandler: currentCorrelationId() });
      logger.info({ step: 'second' }, 'handled');
    });

    await withCorrelationId('upload-req-1', () => bus.publish('corr.first', 'k', testEvent({ n: 1 }, 'corr.first')));
    await waitFor(() => onSecond.length === 1, 'the second hop');
    expect(seen).toEqual([
      { topic: 'corr.first', envelope: 'upload-req-1', inHandler: 'upload-req-1' },
      { topic: 'corr.second', envelope: 'upload-req-1', inHandler: 'upload-req-1' },
    ]);
    expect(lines.map((l) => [l.step, l.correlationId])).toEqual([
      ['first', 'upload-req-1'],
      ['second', 'upload-req-1'],
    ]);
  });

  it('leaves an event published outside any work as it was created, and logs no id there', async () => {
    const { lines, logger } = captured();
    const got: EventEnvelope[] = [];
    await bus.subscribe('corr.plain', 'corr-test', async (event) => {
      got.push(event);
    });
    const event = testEvent({ n: 3 }, 'corr.plain');
    await bus.publish('corr.plain', 'k', event);
    await waitFor(() => got.length === 1, 'delivery');
    expect(got[0].correlationId).toBe(event.correlationId);
    logger.info('outside');
    expect(lines[0]).not.toHaveProperty('correlationId');
  });
});
