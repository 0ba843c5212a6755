/**
 * Standalone validation (distributed mode): `npx tsx services/validation/src/main.ts`.
 * In embedded mode the gateway's composition root builds the same definition.
 */
import { runService } from '@citecheck/platform';
import { createIdentityClient } from '@citecheck/proto';
import { service } from './service';

// Identity checks the session behind an opinion request; without IDENTITY_URL nobody is
// signed in here, so opinion texts are refused rather than served to anyone.
runService(service, (config) => ({
  identity: config.IDENTITY_URL ? createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }) : undefined,
}));
