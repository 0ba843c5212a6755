import { createServer } from 'node:net';
import pino from 'pino';
import { createKafkaBus } from './kafka-bus';

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('a broker that is down at start: subscribing waits and retries instead of failing, and close ends the wait', async () => {
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(String(JSON.parse(line).msg)) });
  const bus = createKafkaBus({
    brokers: [`127.0.0.1:${await deadPort()}`],
    clientId: 'unreachable-test',
    logger,
    // One quick attempt per round, so the test sees several rounds.
    retry: { retries: 1, initialRetryTime: 50, maxRetryTime: 100 },
    reconnectBackoffMs: 100,
  });
  let settled: string | null = null;
  const subscribing = bus.subscribe('document.uploaded', 'test', async () => undefined).then(
    () => (settled = 'subscribed'),
    (error: Error) => (settled = `failed: ${error.message}`),
  );
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(settled).toBeNull();
  expect(warnings.filter((w) => w.startsWith('Kafka unreachable')).length).toBeGreaterThanOrEqual(3);
  await bus.close();
  await subscribing;
  expect(settled).toBe('failed: bus is closed');
}, 20_000);
