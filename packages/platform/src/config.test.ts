import { z } from 'zod';
import { ConfigError, loadConfig, platformConfigSchema } from './config';

describe('loadConfig', () => {
  it('gives embedded defaults with nothing set', () => {
    const config = loadConfig(platformConfigSchema, {});
    expect(config).toEqual({
      NODE_ENV: 'development',
      MODE: 'embedded',
      PORT: 8080,
      OPS_PORT: 9464,
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:8080',
      // Embedded mode serves this machine only unless told otherwise.
      BIND_ADDRESS: '127.0.0.1',
      OPS_BIND_ADDRESS: '127.0.0.1',
      LOG_LEVEL: 'info',
      BUS: 'embedded',
      STORE: 'sqlite',
      BLOBS: 'fs',
      KAFKA_CLIENT_ID: 'citecheck',
      KAFKA_PARTITIONS: 6,
      KAFKA_REPLICATION_FACTOR: -1,
      KAFKA_CREATE_TOPICS: 'true',
      KAFKA_TOPIC_PREFIX: '',
      KAFKA_SSL: 'false',
      KAFKA_CONNECTION_TIMEOUT_MS: 10000,
      SHUTDOWN_TIMEOUT_MS: 20000,
      TRUSTED_PROXIES: [],
    });
  });

  it('derives adapters from MODE=distributed and parses lists, numbers and URLs', () => {
    const config = loadConfig(platformConfigSchema, {
      MODE: 'distributed',
      PORT: '9000',
      KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092,',
      MONGO_URL: 'mongodb://mongo:27017',
      PUBLIC_URL: 'https://citecheck.example/',
    });
    expect(config.PORT).toBe(9000);
    expect(config.BUS).toBe('kafka');
    expect(config.STORE).toBe('mongo');
    expect(config.BLOBS).toBe('gridfs');
    expect(config.KAFKA_BROKERS).toEqual(['kafka-1:9092', 'kafka-2:9092']);
    expect(config.PUBLIC_URL).toBe('https://citecheck.example');
  });

  it('lets a variable override the mode default, and PUBLIC_URL follow PORT', () => {
    const config = loadConfig(platformConfigSchema, { MODE: 'distributed', BUS: 'embedded', STORE: 'sqlite', BLOBS: 'fs', PORT: '3000' });
    expect([config.BUS, config.STORE, config.BLOBS]).toEqual(['embedded', 'sqlite', 'fs']);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('lists every bad variable on its own line with the reason', () => {
    let error: unknown;
    try {
      loadConfig(platformConfigSchema, { PORT: 'abc', NODE_ENV: 'staging', STORE: 'mongo', BUS: 'kafka', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).message.split('\n').slice(1).map((l) => l.trim());
    expect(lines.sort()).toEqual(
      [
        'PORT: expected a whole number from 1 to 65535, got "abc"',
        'NODE_ENV: expected one of development, test, production, got "staging"',
        'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
        'KAFKA_BROKERS: required when BUS=kafka',
        'MONGO_URL: required when STORE=mongo',
      ].sort(),
    );
  });

  it('explains requirements that come from the MODE default', () => {
    expect(() => loadConfig(platformConfigSchema, { MODE: 'distributed' })).toThrow(
      /KAFKA_BROKERS: required when BUS=kafka \(the default when MODE=distributed\)\n.*MONGO_URL: required when STORE=mongo or BLOBS=gridfs/,
    );
    expect(() => loadConfig(platformConfigSchema, { BLOBS: 'gridfs' })).toThrow('MONGO_URL: required when BLOBS=gridfs');
  });

  it('rejects out-of-range ports and malformed URLs', () => {
    expect(() => loadConfig(platformConfigSchema, { PORT: '70000' })).toThrow('PORT: expected a whole number from 1 to 65535, got "70000"');
    expect(() => loadConfig(platformConfigSchema, { PORT: '80.5' })).toThrow('PORT: expected a whole number');
    expect(() => loadConfig(platformConfigSchema, { STORE: 'mongo', MONGO_URL: 'http://db' })).toThrow(
      'MONGO_URL: expected a URL starting with mongodb:// or mongodb+srv://, got "http://db"',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(platformConfigSchema, { PORT: '', MODE: ' ' }).PORT).toBe(8080);
  });

  it('works on an extended schema, checking both the service variables and the cross-variable rules', () => {
    const schema = platformConfigSchema.extend({ COURTLISTENER_TOKEN: z.string().optional(), SIGNING_SECRET: z.string().min(32) });
    const config = loadConfig(schema, { SIGNING_SECRET: 'x'.repeat(32), COURTLISTENER_TOKEN: 't' });
    expect(config.SIGNING_SECRET).toHaveLength(32);
    expect(config.STORE).toBe('sqlite');
    expect(() => loadConfig(schema, { STORE: 'mongo' })).toThrow(/SIGNING_SECRET: required\n.*MONGO_URL: required when STORE=mongo/);
  });
});
