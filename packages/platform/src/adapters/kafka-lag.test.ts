import { Registry } from 'prom-client';
import { consumerLag, consumerLagGauge } from './kafka-bus';

describe('consumerLag', () => {
  it('is the log end less the committed offset, summed over partitions', () => {
    expect(
      consumerLag(
        [
          { partition: 0, offset: '10', low: '0' },
          { partition: 1, offset: '7', low: '0' },
        ],
        [
          { partition: 0, offset: '4' },
          { partition: 1, offset: '7' },
        ],
      ),
    ).toBe(6);
  });

  it('counts a partition the group never committed from the oldest retained message', () => {
    expect(consumerLag([{ partition: 0, offset: '50', low: '20' }], [{ partition: 0, offset: '-1' }])).toBe(30);
    expect(consumerLag([{ partition: 0, offset: '5' }], [])).toBe(5);
  });
});

describe('citecheck_kafka_consumer_lag', () => {
  const admin = {
    fetchTopicOffsets: jest.fn(async (topic: string) =>
      topic === 'document.uploaded'
        ? [
            { partition: 0, offset: '12', high: '12', low: '0' },
            { partition: 1, offset: '3', high: '3', low: '0' },
          ]
        : [{ partition: 0, offset: '1', high: '1', low: '0' }],
    ),
    fetchOffsets: jest.fn(async ({ groupId }: { groupId: string; topics: string[] }) => [
      {
        topic: groupId.endsWith('document.uploaded') ? 'document.uploaded' : 'citations.validated',
        partitions: [
          { partition: 0, offset: '10', metadata: null },
          { partition: 1, offset: '-1', metadata: null },
        ],
      },
    ]),
  };

  it('is measured per subscription when scraped', async () => {
    const registry = new Registry();
    const subscriptions = [
      { topic: 'document.uploaded', groupId: 'extraction.document-uploaded.document.uploaded' },
      { topic: 'citations.validated', groupId: 'ingest.citations.validated' },
    ];
    consumerLagGauge(registry, admin as never, () => subscriptions);
    const text = await registry.metrics();
    expect(text).toContain('citecheck_kafka_consumer_lag{topic="document.uploaded",group="extraction.document-uploaded.document.uploaded"} 5');
    expect(text).toContain('citecheck_kafka_consumer_lag{topic="citations.validated",group="ingest.citations.validated"} 0');
  });

  it('answers the scrape in time when the broker does not', async () => {
    const registry = new Registry();
    const hanging = { fetchTopicOffsets: () => new Promise<never>(() => undefined), fetchOffsets: () => new Promise<never>(() => undefined) };
    const warn = jest.fn();
    consumerLagGauge(registry, hanging as never, () => [{ topic: 't', groupId: 'g' }], { warn } as never, 50);
    const started = Date.now();
    await registry.metrics();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'measuring Kafka consumer lag failed');
  });
});
