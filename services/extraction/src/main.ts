/**
 * Standalone extraction (distributed mode): `npx tsx services/extraction/src/main.ts`.
 * In embedded mode the gateway's composition root calls createService instead.
 */
import { runService } from '@citecheck/platform';
import { configSchema } from './config';
import { createService, SERVICE_NAME } from './service';

runService(SERVICE_NAME, configSchema, (ports, config) => createService(ports, config));
