import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, platformConfigSchema } from './config';
import { busRetryBudgetMs, kafkaConnection, kafkaTls } from './create-ports';

const distributed = { MODE: 'distributed', KAFKA_BROKERS: 'b-1.kafka.example:9096,b-2.kafka.example:9096', MONGO_URL: 'mongodb://m/db' };

describe('kafkaConnection', () => {
  it('passes topic settings and a managed Kafka’s TLS and SASL to the bus', () => {
    const config = loadConfig(platformConfigSchema, {
      ...distributed,
      KAFKA_PARTITIONS: '12',
      KAFKA_REPLICATION_FACTOR: '3',
      KAFKA_SSL: 'true',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'citecheck',
      KAFKA_SASL_PASSWORD: 'secret',
    });
    expect(kafkaConnection(config)).toEqual({
      brokers: ['b-1.kafka.example:9096', 'b-2.kafka.example:9096'],
      clientId: 'citecheck',
      numPartitions: 12,
      replicationFactor: 3,
      createTopics: true,
      topicPrefix: '',
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'citecheck', password: 'secret' },
      connectionTimeoutMs: 10_000,
      authenticationTimeoutMs: 10_000,
    });
  });

  it('a private CA and a client certificate from files (Strimzi, mutual TLS); topics managed outside, a release prefix', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-tls-'));
    try {
      for (const name of ['ca.crt', 'user.crt', 'user.key']) writeFileSync(path.join(dir, name), `-----BEGIN ${name}-----\n`);
      const config = loadConfig(platformConfigSchema, {
        ...distributed,
        KAFKA_SSL_CA_FILE: path.join(dir, 'ca.crt'),
        KAFKA_SSL_CERT_FILE: path.join(dir, 'user.crt'),
        KAFKA_SSL_KEY_FILE: path.join(dir, 'user.key'),
        KAFKA_CREATE_TOPICS: 'false',
        KAFKA_TOPIC_PREFIX: 'staging.',
        KAFKA_CONNECTION_TIMEOUT_MS: '25000',
      });
      expect(kafkaConnection(config)).toMatchObject({
        ssl: { ca: '-----BEGIN ca.crt-----\n', cert: '-----BEGIN user.crt-----\n', key: '-----BEGIN user.key-----\n' },
        createTopics: false,
        topicPrefix: 'staging.',
        connectionTimeoutMs: 25_000,
      });
      expect(() => kafkaTls({ ...config, KAFKA_SSL_CA_FILE: path.join(dir, 'missing.crt') })).toThrow(`KAFKA_SSL_CA_FILE: cannot read ${path.join(dir, 'missing.crt')} (ENOENT)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a client certificate without its key, and a prefix that is no topic name', () => {
    expect(() => loadConfig(platformConfigSchema, { ...distributed, KAFKA_SSL_CERT_FILE: '/run/kafka/user.crt', KAFKA_TOPIC_PREFIX: 'a b' })).toThrow(
      /KAFKA_TOPIC_PREFIX: expected letters, digits[\s\S]*KAFKA_SSL_KEY_FILE: required with the other/,
    );
  });

  it('defaults to plaintext, six partitions and the broker’s replication', () => {
    expect(kafkaConnection(loadConfig(platformConfigSchema, distributed))).toMatchObject({ ssl: false, sasl: undefined, numPartitions: 6, replicationFactor: -1 });
  });

  it('refuses a SASL mechanism without credentials, naming both', () => {
    expect(() => loadConfig(platformConfigSchema, { ...distributed, KAFKA_SASL_MECHANISM: 'plain' })).toThrow(
      /KAFKA_SASL_USERNAME: required when KAFKA_SASL_MECHANISM is set[\s\S]*KAFKA_SASL_PASSWORD: required/,
    );
  });
});

describe('the retry budget of the bus (BUS_RETRY_BUDGET_MS, BUS_RETRY_MAX_BACKOFF_MS)', () => {
  it('is minutes on Kafka and none on the embedded bus unless set; the cap defaults to 30 s', () => {
    const kafka = loadConfig(platformConfigSchema, distributed);
    expect(busRetryBudgetMs(kafka)).toBe(600_000);
    expect(kafka.BUS_RETRY_MAX_BACKOFF_MS).toBe(30_000);
    expect(busRetryBudgetMs(loadConfig(platformConfigSchema, {}))).toBe(0);
    const set = loadConfig(platformConfigSchema, { ...distributed, BUS_RETRY_BUDGET_MS: '1800000', BUS_RETRY_MAX_BACKOFF_MS: '60000' });
    expect([busRetryBudgetMs(set), set.BUS_RETRY_MAX_BACKOFF_MS]).toEqual([1_800_000, 60_000]);
    expect(busRetryBudgetMs(loadConfig(platformConfigSchema, { BUS_RETRY_BUDGET_MS: '120000' }))).toBe(120_000);
  });

  it('refuses a budget beyond a day or a cap that is not a number, naming each', () => {
    expect(() => loadConfig(platformConfigSchema, { ...distributed, BUS_RETRY_BUDGET_MS: '172800000', BUS_RETRY_MAX_BACKOFF_MS: 'soon' })).toThrow(
      /BUS_RETRY_BUDGET_MS: .*\n.*BUS_RETRY_MAX_BACKOFF_MS: /,
    );
  });
});
