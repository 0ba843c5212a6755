/**
 * `GET /api/v1/openapi.json`: the public API's OpenAPI 3.1 document, generated once at start
 * from the zod schemas the services validate with (proto's openapi.ts), with the product's
 * address as its server. Served by the gateway itself in both modes, ahead of the proxy: it
 * describes every service's part of `/api/v1` and belongs to none of them.
 */
import Router from '@koa/router';
import { OPENAPI_PATH, apiV1OpenApiDocument } from '@citecheck/proto/openapi';

export function apiDocsRoutes(publicUrl: string): Router {
  const body = JSON.stringify(apiV1OpenApiDocument({ serverUrl: publicUrl }));
  const router = new Router();
  router.get(OPENAPI_PATH, (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'public, max-age=300');
    // Any site may read the description (tools, API explorers); it holds nothing private.
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.body = body;
  });
  return router;
}
