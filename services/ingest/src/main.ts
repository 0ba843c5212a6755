/**
 * Standalone start (distributed mode: one process per service). Identity is reached over
 * HTTP (identity-client.ts), so IDENTITY_URL is required here.
 *
 *   MODE=distributed KAFKA_BROKERS=... MONGO_URL=... node --import tsx services/ingest/src/main.ts
 */
import { ConfigError, buildSubgraph, closeServer, createHttpApp, createLogger, createPorts, installShutdown, listen, loadConfig } from '@citecheck/platform';
import { configSchema } from './config';
import { createIdentityClient } from './identity-client';
import { createService } from './service';

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  if (!config.IDENTITY_URL) throw new ConfigError(['IDENTITY_URL: required when ingest runs on its own']);
  const ports = await createPorts(config, 'ingest');
  const module = await createService(ports, config, { identity: createIdentityClient({ baseUrl: config.IDENTITY_URL, internalToken: config.INTERNAL_TOKEN }) });
  const app = createHttpApp({
    service: 'ingest',
    ports,
    routes: module.routes,
    health: { ingest: () => module.health() },
    graphqlSchema: buildSubgraph(module.typeDefs, module.resolvers),
  });
  await module.start();
  const server = await listen(app, config.PORT);
  app.setReady(true);
  installShutdown(ports.logger, [
    { name: 'http', run: () => closeServer(server) },
    { name: 'ingest', run: () => module.stop() },
    { name: 'bus', run: () => ports.bus.close() },
    { name: 'store', run: () => ports.store.close() },
    { name: 'blobs', run: () => ports.blobs.close() },
  ]);
}

main().catch((error: Error) => {
  createLogger('ingest').fatal({ err: error }, 'ingest cannot start');
  process.exit(1);
});
