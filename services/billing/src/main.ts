/**
 * Standalone billing (distributed mode). Identity is reached over HTTP (proto's
 * identity-client.ts), so IDENTITY_URL is required here.
 *
 *   MODE=distributed KAFKA_BROKERS=... MONGO_URL=... IDENTITY_URL=... STRIPE_...=... node --import tsx services/billing/src/main.ts
 */
import { ConfigError, runService } from '@citecheck/platform';
import { createIdentityClient } from '@citecheck/proto';
import { service } from './service';

runService(service, (config) => {
  if (!config.IDENTITY_URL) throw new ConfigError(['IDENTITY_URL: required when billing runs on its own']);
  return { identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }) };
});
