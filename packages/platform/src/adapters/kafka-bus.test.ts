import { randomUUID } from 'node:crypto';
import { announceSkip } from '../testing/skip';
import { describeBusContract } from '../testing/bus-contract';
import { createKafkaBus } from './kafka-bus';

const brokers = process.env.KAFKA_BROKERS?.split(',')
  .map((b) => b.trim())
  .filter(Boolean);

if (brokers?.length) {
  jest.setTimeout(120_000);
  // Group joins and rebalances take seconds on a real broker.
  describeBusContract('kafka', async () => createKafkaBus({ brokers, clientId: `contract-${randomUUID().slice(0, 8)}`, numPartitions: 6 }), {
    timeoutMs: 60_000,
  });
} else {
  announceSkip('SKIPPED: kafka contract suite (no broker)');
  describe.skip('Bus contract: kafka (no KAFKA_BROKERS)', () => {
    it('needs KAFKA_BROKERS', () => undefined);
  });
}
