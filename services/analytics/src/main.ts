/**
 * Standalone start (distributed mode: one process per service).
 *
 *   MODE=distributed KAFKA_BROKERS=... MONGO_URL=... node --import tsx services/analytics/src/main.ts
 */
import { buildSubgraph, closeServer, createHttpApp, createLogger, createPorts, installShutdown, listen, loadConfig } from '@citecheck/platform';
import { configSchema } from './config';
import { createService } from './service';

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const ports = await createPorts(config, 'analytics');
  const module = await createService(ports, config, {});
  const app = createHttpApp({
    service: 'analytics',
    ports,
    routes: module.routes,
    health: { analytics: () => module.health() },
    graphqlSchema: buildSubgraph(module.typeDefs, module.resolvers),
  });
  await module.start();
  const server = await listen(app, config.PORT);
  app.setReady(true);
  installShutdown(ports.logger, [
    { name: 'http', run: () => closeServer(server) },
    { name: 'analytics', run: () => module.stop() },
    { name: 'bus', run: () => ports.bus.close() },
    { name: 'store', run: () => ports.store.close() },
    { name: 'blobs', run: () => ports.blobs.close() },
  ]);
}

main().catch((error: Error) => {
  createLogger('analytics').fatal({ err: error }, 'analytics cannot start');
  process.exit(1);
});
