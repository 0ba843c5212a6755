/**
 * Standalone identity (distributed mode, one process per service):
 *
 *   PORT=8081 ADMIN_EMAIL=... ADMIN_PASSWORD_HASH=... npx tsx services/identity/src/main.ts
 *
 * In embedded mode the gateway's composition root calls createService instead.
 */
// The HTTP bootstrap is not re-exported from the platform's index yet.
import { createHttpApp } from '@citecheck/platform/src/http/app';
import { buildSubgraph } from '@citecheck/platform/src/http/graphql';
import { closeServer, installShutdown, listen } from '@citecheck/platform/src/http/lifecycle';
import { createPorts, loadConfig } from '@citecheck/platform';
import { identityConfigSchema } from './config';
import { createService, SERVICE_NAME } from './service';

async function main(): Promise<void> {
  const config = loadConfig(identityConfigSchema);
  const ports = await createPorts(config, SERVICE_NAME);
  const { module } = await createService(ports, config);
  const app = createHttpApp({
    service: SERVICE_NAME,
    ports,
    routes: module.routes,
    health: { [SERVICE_NAME]: module.health },
    graphqlSchema: buildSubgraph(module.typeDefs, module.resolvers),
    // Admin calls through GraphQL carry SPEC's JSON bearer in `authorization`.
    graphqlContext: (ctx) => ({ authorization: ctx.get('authorization') || null, cookie: ctx.get('cookie') || null, ip: ctx.ip }),
  });
  await module.start();
  const server = await listen(app, config.PORT);
  ports.logger.info({ port: config.PORT }, 'identity listening');
  installShutdown(ports.logger, [
    { name: 'http', run: () => closeServer(server) },
    { name: 'identity', run: () => module.stop() },
    { name: 'bus', run: () => ports.bus.close() },
    { name: 'store', run: () => ports.store.close() },
    { name: 'blobs', run: () => ports.blobs.close() },
  ]);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
