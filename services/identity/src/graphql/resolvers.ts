/**
 * Resolvers of identity's subgraph. The host puts the request's `authorization` header (and
 * `cookie` and `ip` when it has them) into the GraphQL context; admin rights are checked
 * here exactly as on the REST routes.
 */
import { GraphQLError } from 'graphql';
import { ApiError, sessionTokenFrom } from '@citecheck/proto';
import type { Accounts } from '../accounts';
import { messages } from '../domain/errors';

export interface IdentityGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
}

/** An ApiError as a GraphQL error carrying the same message, code and HTTP status. */
function toGraphqlError(error: ApiError): GraphQLError {
  return new GraphQLError(error.message, { extensions: { code: error.code, http: { status: error.status }, ...error.extra } });
}

export function createResolvers(accounts: Accounts, serviceName: string) {
  const tokenOf = (ctx: IdentityGraphqlContext) => sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null);
  return {
    Query: {
      identityHealth: () => ({ service: serviceName, ok: true }),
      authStatus: (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => accounts.status(tokenOf(ctx)),
      reportUsage: async (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => {
        const user = await accounts.authenticate(tokenOf(ctx));
        if (!user) throw toGraphqlError(new ApiError(401, messages.authRequired, 'unauthorized'));
        return accounts.reportUsage(user.id);
      },
      adminUsers: async (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => {
        const check = await accounts.checkAdmin(ctx?.authorization ?? null, ctx?.ip ?? null);
        if (check === 'rate_limited') throw toGraphqlError(new ApiError(429, messages.rateLimited, 'rate_limited'));
        if (check === 'not_configured') throw toGraphqlError(new ApiError(403, messages.adminNotConfigured, 'admin_not_configured'));
        if (check !== 'ok') throw toGraphqlError(new ApiError(401, messages.adminRequired, 'admin_unauthorized'));
        return accounts.listUsers();
      },
    },
  };
}
