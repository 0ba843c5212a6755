/**
 * List or replay a topic's dead letters, with the Kafka settings of the environment (the same
 * KAFKA_* variables the services read; run it in a service's pod, where it is bundled as
 * dist/tools/dead-letters.cjs, or from the sources):
 *
 *   node dist/tools/dead-letters.cjs list document.uploaded                       # in a pod
 *   npx tsx packages/platform/src/tools/dead-letters.ts replay document.uploaded [--key <document id>]
 *
 * Prints one line per message (never its payload: events may carry a document's details).
 */
import { loadConfig, platformConfigSchema } from '../config';
import { kafkaConnection } from '../create-ports';
import { listDeadLetters, replayDeadLetters } from '../dead-letters';

async function main(argv: string[]): Promise<number> {
  const [command, topic, ...rest] = argv;
  const keyAt = rest.indexOf('--key');
  const key = keyAt >= 0 ? rest[keyAt + 1] : undefined;
  if (!['list', 'replay'].includes(command ?? '') || !topic || (keyAt >= 0 && !key)) {
    console.error('usage: dead-letters.ts list|replay <topic> [--key <key>]');
    return 2;
  }
  const config = loadConfig(platformConfigSchema, { MODE: 'distributed', BUS: 'kafka', STORE: 'sqlite', BLOBS: 'fs', ...process.env });
  const connection = kafkaConnection(config);
  const options = {
    kafka: { brokers: connection.brokers, clientId: `${connection.clientId}-dead-letters`, ssl: connection.ssl, sasl: connection.sasl as never, connectionTimeout: connection.connectionTimeoutMs, authenticationTimeout: connection.authenticationTimeoutMs },
    topic,
    topicPrefix: config.KAFKA_TOPIC_PREFIX,
    key,
  };
  if (command === 'list') {
    const letters = await listDeadLetters(options);
    for (const l of letters) console.log(`${l.partition}@${l.offset}\tkey=${l.key}\tgroup=${l.group}\tattempts=${l.attempts}\treason=${l.reason}\t${l.error}`);
    console.log(`${letters.length} dead letter(s) of ${topic}`);
  } else {
    console.log(`replayed ${await replayDeadLetters(options)} dead letter(s) to ${topic}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
