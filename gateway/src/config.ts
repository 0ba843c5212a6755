import path from 'node:path';
import { z } from 'zod';
import { envList, platformConfigSchema } from '@citecheck/platform';

/** The gateway's own variables, on top of the platform's. */
export const gatewayConfigSchema = platformConfigSchema.extend({
  /** The built web client; served with SPA fallback. */
  WEB_DIST: z.string().default(path.resolve(__dirname, '..', '..', 'web', 'dist')),
  /** Distributed mode: `name=url` pairs of each subgraph's /graphql endpoint. */
  SUBGRAPH_URLS: envList().optional(),
  /** Distributed mode: `name=url` pairs of each service's base URL, for the REST facade. */
  SERVICE_URLS: envList().optional(),
  /** Distributed mode: the shared secret analytics' internal route wants (the IP blacklist at start). */
  INTERNAL_TOKEN: z.string().min(16).optional(),
});

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

/** Reads `a=http://x,b=http://y` into a map. */
export function parseNamedUrls(items: string[] | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of items ?? []) {
    const at = item.indexOf('=');
    if (at > 0) result[item.slice(0, at).trim()] = item.slice(at + 1).trim().replace(/\/+$/, '');
  }
  return result;
}
