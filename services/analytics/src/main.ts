/**
 * Standalone analytics (distributed mode): `npx tsx services/analytics/src/main.ts`.
 * In embedded mode the gateway's composition root builds the same definition.
 */
import { runService } from '@citecheck/platform';
import { createIdentityClient } from '@citecheck/proto';
import { service } from './service';

// Without IDENTITY_URL the tracker still works; only the admin reads are refused.
runService(service, (config) => ({
  identity: config.IDENTITY_URL ? createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }) : undefined,
}));
