/**
 * Resolvers of identity's subgraph. The host puts the request's `authorization` header (and
 * `cookie` and `ip` when it has them) into the GraphQL context; the use cases decide rights
 * exactly as for the REST routes, and the ApiErrors they throw are rendered by the
 * platform's GraphQL layer with the same message, code and status.
 */
import { sessionTokenFrom } from '@citecheck/proto';
import { authStatus } from '../app/auth-status';
import type { IdentityContext } from '../app/context';
import { listUsers } from '../app/list-users';
import { reportUsage } from '../app/report-usage';

export interface IdentityGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
}

export function createResolvers(app: IdentityContext, serviceName: string) {
  const tokenOf = (ctx: IdentityGraphqlContext) => sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null);
  return {
    Query: {
      identityHealth: () => ({ service: serviceName, ok: true }),
      authStatus: (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => authStatus(app, tokenOf(ctx)),
      reportUsage: (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => reportUsage(app, tokenOf(ctx)),
      adminUsers: (_: unknown, __: unknown, ctx: IdentityGraphqlContext) =>
        listUsers(app, { authorization: ctx?.authorization ?? null, ip: ctx?.ip ?? null }),
    },
  };
}
