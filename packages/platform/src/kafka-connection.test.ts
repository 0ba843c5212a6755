import { loadConfig, platformConfigSchema } from './config';
import { kafkaConnection } from './create-ports';

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
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'citecheck', password: 'secret' },
    });
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
