/**
 * Standalone notification (distributed mode): `npx tsx services/notification/src/main.ts`.
 * In embedded mode the gateway's composition root calls createService instead.
 */
import { runService } from '@citecheck/platform';
import { notificationConfigSchema } from './config';
import { createService, SERVICE_NAME } from './service';

runService(SERVICE_NAME, notificationConfigSchema, async (ports, config) => (await createService(ports, config)).module);
