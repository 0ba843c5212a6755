/**
 * Resolvers of ingest's subgraph: the same use cases as the REST routes. The caller's
 * credentials arrive in the GraphQL context as the gateway forwards them.
 */
import { perRequest } from '@citecheck/platform';
import { sessionTokenFrom, type IdentityApi } from '@citecheck/proto';
import type { UsageStats, ValidationReport } from '@citecheck/proto/graphql/types';
import { adminDocuments, createReport, documentById, sharedReport, uploaderOf, usageStats, userDocuments, type DocumentReadDeps } from '../app/read-documents';

export interface IngestGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
}

type Args = Record<string, unknown>;

export function createResolvers(deps: DocumentReadDeps & { identity: IdentityApi }, serviceName: string) {
  const userOf = (ctx: IngestGraphqlContext) => deps.identity.authenticate(sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null));
  // One caller object per request context: identity checks one request's admin fields once.
  const adminCallerOf = perRequest((ctx: IngestGraphqlContext) => ({ authorization: ctx?.authorization ?? null, cookie: ctx?.cookie ?? null, ipAddress: ctx?.ip ?? null }));
  return {
    Query: {
      ingestHealth: () => ({ service: serviceName, ok: true }),
      usageStats: (): Promise<UsageStats> => usageStats(deps),
      report: (_: unknown, args: Args) => sharedReport(deps, String(args.id)),
      document: (_: unknown, args: Args) => documentById(deps, String(args.id)),
      myDocuments: async (_: unknown, __: Args, ctx: IngestGraphqlContext) => (await userDocuments(deps, await userOf(ctx))).documents,
      documents: async (_: unknown, __: Args, ctx: IngestGraphqlContext) => (await adminDocuments(deps, adminCallerOf(ctx))).documents,
    },
    Mutation: {
      generateReport: async (_: unknown, args: Args): Promise<ValidationReport> => (await createReport(deps, String(args.documentId))).report,
    },
    Document: {
      __resolveReference: (reference: { id: string }) => documentById(deps, reference.id),
      // The uploader and the admin only (decided here: `user { id }` never reaches identity).
      user: (document: { id: string }, _: Args, ctx: IngestGraphqlContext) =>
        uploaderOf(deps, document.id, { sessionToken: sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null), admin: adminCallerOf(ctx) }),
    },
  };
}
