/**
 * Standalone start (distributed mode: one process per service).
 *
 *   SERVICE=validation MODE=distributed KAFKA_BROKERS=... MONGO_URL=... node --import tsx services/validation/src/main.ts
 */
import { createHttpApp, createLogger, createPorts, installShutdown, listen, loadConfig } from '@citecheck/platform';
import { configSchema } from './config';
import { createService } from './service';

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const ports = await createPorts(config, 'validation');
  const module = await createService(ports, config, {});
  const app = createHttpApp({ service: 'validation', ports, module });
  await module.start();
  const server = await listen(app, config.PORT);
  installShutdown(ports.logger, [
    () => new Promise<void>((resolve) => server.close(() => resolve())),
    () => module.stop(),
  ]);
}

main().catch((error: Error) => {
  createLogger('validation').fatal({ err: error }, 'validation cannot start');
  process.exit(1);
});
