/**
 * Standalone billing (distributed mode): `npx tsx services/billing/src/main.ts`.
 * In embedded mode the gateway's composition root builds the same definition.
 */
import { runService } from '@citecheck/platform';
import { service } from './service';

runService(service);
