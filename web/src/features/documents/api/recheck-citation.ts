import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Citation, MutationRecheckCitationArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { CITATION_FIELDS, citationsQueryKey } from '@/lib/document-citations';

const RECHECK_CITATION: TypedDocumentNode<{ recheckCitation: Citation }, MutationRecheckCitationArgs> = gql`
  mutation RecheckCitation($id: ID!) {
    recheckCitation(id: $id) {
      ...CitationFields
    }
  }
  ${CITATION_FIELDS}
`;

/** Re-runs validation for one citation (the supergraph's recheckCitation). */
export async function recheckCitation(input: { citationId: string; documentId: string }): Promise<Citation | undefined> {
  const { data } = await getApolloClient().mutate({ mutation: RECHECK_CITATION, variables: { id: input.citationId } });
  return data?.recheckCitation;
}

/** Afterwards the document's citations are reloaded, so every verdict on screen is the server's. */
export function useRecheckCitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recheckCitation,
    onSuccess: (_data, input) => queryClient.invalidateQueries({ queryKey: citationsQueryKey(input.documentId) }),
  });
}
