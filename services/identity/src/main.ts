/**
 * Standalone identity (distributed mode, one process per service):
 *
 *   PORT=8081 ADMIN_EMAIL=... ADMIN_PASSWORD_HASH=... npx tsx services/identity/src/main.ts
 *
 * In embedded mode the gateway's composition root builds the same definition.
 */
import { runService } from '@citecheck/platform';
import { service } from './service';

runService(service);
