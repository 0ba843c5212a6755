import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type Koa from 'koa';
import serve from 'koa-static';

/**
 * Paths the web app never owns: unknown ones there get a JSON 404, not the SPA. `/metrics`
 * is the admin's screen here; Prometheus reads the ops port.
 */
const SERVER_PATHS = /^\/(api|graphql|ws|healthz|readyz|internal)(\/|$)/;

/**
 * Serves the built web client (`web/dist`) with SPA fallback: a browser asking for any other
 * path (`/results/abc`, `/nope`) gets index.html, and the client router shows the page or
 * 'Page Not Found'. Hashed assets are cached for a year; index.html never.
 */
export function serveWebApp(app: Koa, distDir: string): void {
  const indexPath = path.join(distDir, 'index.html');
  app.use(
    serve(distDir, {
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || SERVER_PATHS.test(ctx.path)) return next();
    if (!existsSync(indexPath)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web client is not built yet: run `npm run build`.';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await readFile(indexPath);
  });
}
