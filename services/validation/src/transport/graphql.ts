/**
 * Resolvers of validation's subgraph: a document's citations (validation's own record of its
 * verdicts) and recheck, the same use case as the REST route.
 */
import { sessionTokenFrom, toGraphqlCitation as specToGraphql, toSpecCitation, type ValidatedCitation } from '@citecheck/proto';
import type { Citation } from '@citecheck/proto/graphql/types';

export interface ValidationResolverDeps {
  citationsOf(documentId: string): Promise<ValidatedCitation[]>;
  /** Rechecks as the holder of `sessionToken` (app/recheck-as-owner.ts). */
  recheck(sessionToken: string | null, citationId: string): Promise<ValidatedCitation>;
}

interface ValidationGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
}

/** A verdict as the subgraph answers it (proto's conversion, shared with the web client). */
export function toGraphqlCitation(citation: ValidatedCitation): Citation {
  return specToGraphql(toSpecCitation(citation));
}

export function createResolvers(deps: ValidationResolverDeps, serviceName: string) {
  return {
    Query: {
      validationHealth: () => ({ service: serviceName, ok: true }),
    },
    Mutation: {
      recheckCitation: async (_: unknown, args: Record<string, unknown>, ctx: ValidationGraphqlContext) =>
        toGraphqlCitation(await deps.recheck(sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null), String(args.id))),
    },
    Document: {
      __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
      citations: async (document: { id: string }) => (await deps.citationsOf(document.id)).map(toGraphqlCitation),
    },
  };
}
