/**
 * Standalone start (distributed mode: one process per service).
 *
 *   SERVICE=extraction MODE=distributed KAFKA_BROKERS=... MONGO_URL=... node --import tsx services/extraction/src/main.ts
 */
import { createHttpApp, createLogger, createPorts, installShutdown, listen, loadConfig } from '@citecheck/platform';
import { configSchema } from './config';
import { createService } from './service';

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const ports = await createPorts(config, 'extraction');
  const module = await createService(ports, config, {});
  const app = createHttpApp({ service: 'extraction', ports, module });
  await module.start();
  const server = await listen(app, config.PORT);
  installShutdown(ports.logger, [
    () => new Promise<void>((resolve) => server.close(() => resolve())),
    () => module.stop(),
  ]);
}

main().catch((error: Error) => {
  createLogger('extraction').fatal({ err: error }, 'extraction cannot start');
  process.exit(1);
});
