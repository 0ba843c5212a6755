/**
 * Resolvers of validation's subgraph: a document's citations (validation's own record of its
 * verdicts) and recheck, the same use case as the REST route.
 */
import { toGraphqlCitation as specToGraphql, toSpecCitation, type ValidatedCitation } from '@citecheck/proto';
import type { Citation } from '@citecheck/proto/graphql/types';

export interface ValidationResolverDeps {
  citationsOf(documentId: string): Promise<ValidatedCitation[]>;
  recheck(citationId: string): Promise<ValidatedCitation>;
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
      recheckCitation: async (_: unknown, args: Record<string, unknown>) => toGraphqlCitation(await deps.recheck(String(args.id))),
    },
    Document: {
      __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
      citations: async (document: { id: string }) => (await deps.citationsOf(document.id)).map(toGraphqlCitation),
    },
  };
}
