/**
 * Resolvers of identity's subgraph. The host puts the request's `authorization` header (and
 * `cookie` and `ip` when it has them) into the GraphQL context; admin rights are checked
 * here exactly as on the REST routes.
 */
import { ApiError, sessionTokenFrom } from '@citecheck/proto';
import type { Accounts } from '../accounts';
import { messages } from '../domain/errors';

export interface IdentityGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
}

// Resolvers throw ApiError: the platform's GraphQL layer renders it with the same message,
// code and status the REST routes give, and masks anything else as an internal error.

export function createResolvers(accounts: Accounts, serviceName: string) {
  const tokenOf = (ctx: IdentityGraphqlContext) => sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null);
  return {
    Query: {
      identityHealth: () => ({ service: serviceName, ok: true }),
      authStatus: (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => accounts.status(tokenOf(ctx)),
      reportUsage: async (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => {
        const user = await accounts.authenticate(tokenOf(ctx));
        if (!user) throw new ApiError(401, messages.authRequired, 'unauthorized');
        return accounts.reportUsage(user.id);
      },
      adminUsers: async (_: unknown, __: unknown, ctx: IdentityGraphqlContext) => {
        const check = await accounts.checkAdmin(ctx?.authorization ?? null, ctx?.ip ?? null);
        if (check === 'rate_limited') throw new ApiError(429, messages.rateLimited, 'rate_limited');
        if (check === 'not_configured') throw new ApiError(403, messages.adminNotConfigured, 'admin_not_configured');
        if (check !== 'ok') throw new ApiError(401, messages.adminRequired, 'admin_unauthorized');
        return accounts.listUsers();
      },
    },
  };
}
