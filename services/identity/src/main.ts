/**
 * Standalone identity (distributed mode, one process per service):
 *
 *   PORT=8081 ADMIN_EMAIL=... ADMIN_PASSWORD_HASH=... npx tsx services/identity/src/main.ts
 *
 * In embedded mode the gateway's composition root calls createService instead.
 */
import { runService } from '@citecheck/platform';
import { identityConfigSchema } from './config';
import { createService, SERVICE_NAME } from './service';

runService(SERVICE_NAME, identityConfigSchema, async (ports, config) => (await createService(ports, config)).module);
