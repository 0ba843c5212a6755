import { DEPLOY_ENV, missingDeployEnv } from './deploy-env';

const kafkaMongo = { BUS: 'kafka', STORE: 'mongo', BLOBS: 'gridfs' } as const;
const embedded = { BUS: 'embedded', STORE: 'sqlite', BLOBS: 'fs' } as const;

describe('missingDeployEnv', () => {
  it('names every variable a deployable needs that is unset or blank', () => {
    expect(missingDeployEnv('ingest', { IDENTITY_URL: '  ' }, kafkaMongo)).toEqual(['KAFKA_BROKERS', 'MONGO_URL', 'IDENTITY_URL', 'INTERNAL_TOKEN']);
    expect(missingDeployEnv('gateway', {}, embedded)).toEqual(['SUBGRAPH_URLS', 'SERVICE_URLS', 'INTERNAL_TOKEN']);
  });

  it('asks for a broker or a database only when that adapter is chosen', () => {
    expect(missingDeployEnv('extraction', {}, embedded)).toEqual([]);
    expect(missingDeployEnv('extraction', {}, { ...embedded, BLOBS: 'gridfs' })).toEqual(['MONGO_URL']);
  });

  it('is satisfied by a complete environment', () => {
    const env = { KAFKA_BROKERS: 'k:9092', MONGO_URL: 'mongodb://m/db', IDENTITY_URL: 'http://identity:4005', INTERNAL_TOKEN: 'x'.repeat(32) };
    for (const name of Object.keys(DEPLOY_ENV)) {
      if (name !== 'gateway') expect({ name, missing: missingDeployEnv(name, env, kafkaMongo) }).toEqual({ name, missing: [] });
    }
  });
});
