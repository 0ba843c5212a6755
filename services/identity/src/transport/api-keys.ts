/**
 * API keys over GraphQL (the dashboard's API keys section and the admin console) and
 * IdentityApi.useApiKey over HTTP for the services that serve `/api/v1` and `/mcp` in
 * distributed mode (the internal route, behind INTERNAL_TOKEN like the others).
 */
import type Router from '@koa/router';
import { requireInternalToken, perRequest } from '@citecheck/platform';
import { identityInternalPaths, INTERNAL_TOKEN_HEADER, sessionTokenFrom, useApiKeyRequestSchema } from '@citecheck/proto';
import { adminRevokeApiKey, listAllApiKeys } from '../app/admin-api-keys';
import type { AdminCaller } from '../app/check-admin';
import type { IdentityContext } from '../app/context';
import { createApiKey } from '../app/create-api-key';
import { listApiKeys } from '../app/list-api-keys';
import { revokeApiKey } from '../app/revoke-api-key';
import { useApiKey, type ApiKeyLimits } from '../app/use-api-key';
import type { IdentityGraphqlContext } from './graphql';
import { bodyOf } from './http';

type Args = Record<string, unknown>;

export function apiKeyResolvers(app: IdentityContext) {
  const tokenOf = (ctx: IdentityGraphqlContext) => sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null);
  const adminOf = perRequest((ctx: IdentityGraphqlContext): AdminCaller => ({ authorization: ctx?.authorization ?? null, cookie: ctx?.cookie ?? null, ip: ctx?.ip ?? null }));
  return {
    Query: {
      apiKeys: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => listApiKeys(app, tokenOf(ctx)),
      allApiKeys: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => listAllApiKeys(app, adminOf(ctx)),
    },
    Mutation: {
      createApiKey: (_: unknown, args: Args, ctx: IdentityGraphqlContext) => createApiKey(app, tokenOf(ctx), { name: args.name }),
      revokeApiKey: (_: unknown, args: Args, ctx: IdentityGraphqlContext) => revokeApiKey(app, tokenOf(ctx), String(args.id)),
      adminRevokeApiKey: (_: unknown, args: Args, ctx: IdentityGraphqlContext) => adminRevokeApiKey(app, adminOf(ctx), String(args.id)),
    },
  };
}

export function addApiKeyInternalRoute(router: Router, app: IdentityContext, limits: ApiKeyLimits, internalToken: string | undefined): void {
  router.post(identityInternalPaths.useApiKey, async (ctx) => {
    requireInternalToken(ctx.get(INTERNAL_TOKEN_HEADER), internalToken);
    ctx.body = await useApiKey(app, limits, useApiKeyRequestSchema.parse(bodyOf(ctx)).apiKey);
  });
}
