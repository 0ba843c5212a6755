/**
 * Resolvers of validation's subgraph: a document's citations (validation's own record of its
 * verdicts) and recheck, the same use case as the REST route.
 */
import { toSpecCitation, type SpecCitation, type ValidatedCitation } from '@citecheck/proto';
import type { Citation } from '@citecheck/proto/graphql/types';

export interface ValidationResolverDeps {
  citationsOf(documentId: string): Promise<ValidatedCitation[]>;
  recheck(citationId: string): Promise<ValidatedCitation>;
}

/** SPEC's Citation in the subgraph's shape: details always an object, the database's URL in camel case. */
export function toGraphqlCitation(citation: ValidatedCitation): Citation {
  const spec: SpecCitation = toSpecCitation(citation);
  const details = spec.validationDetails;
  const data = spec.courtListenerData;
  return {
    ...spec,
    validationDetails: typeof details === 'string' ? { message: details, suggestion: null } : { message: details.message, suggestion: details.suggestion ?? null },
    courtListenerData: data && { caseName: data.caseName, court: data.court, year: data.year, absoluteUrl: data.absolute_url },
  };
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
