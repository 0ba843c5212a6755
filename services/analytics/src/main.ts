/**
 * Standalone analytics (distributed mode): `npx tsx services/analytics/src/main.ts`.
 * In embedded mode the gateway's composition root calls createService instead.
 */
import { runService } from '@citecheck/platform';
import { configSchema } from './config';
import { createService, SERVICE_NAME } from './service';

runService(SERVICE_NAME, configSchema, (ports, config) => createService(ports, config));
