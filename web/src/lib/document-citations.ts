import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Citation, QueryDocumentArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';

/** Every field of a citation the results table, the report page and the exports show. */
export const CITATION_FIELDS = gql`
  fragment CitationFields on Citation {
    id
    text
    type
    caseName
    page
    paragraph
    isValid
    confidence
    validationDetails {
      message
      suggestion
    }
    originalContext
    courtListenerData {
      caseName
      court
      year
      absoluteUrl
    }
    checkedAgainst
    quotes {
      text
      status
      foundPage
      message
      pin
      opinionText
      diff {
        quote {
          text
          changed
        }
        opinion {
          text
          changed
        }
      }
    }
  }
`;

const DOCUMENT_CITATIONS: TypedDocumentNode<{ document: { id: string; citations: Citation[] } | null }, QueryDocumentArgs> = gql`
  query DocumentCitations($id: ID!) {
    document(id: $id) {
      id
      citations {
        ...CitationFields
      }
    }
  }
  ${CITATION_FIELDS}
`;

/** The document's citations with their verdicts; none while they are being checked or when there is no such document. */
export async function getCitations(documentId: string): Promise<Citation[]> {
  const { data } = await getApolloClient().query({ query: DOCUMENT_CITATIONS, variables: { id: documentId } });
  return data?.document?.citations ?? [];
}

export const citationsQueryKey = (documentId: string) => ['documents', documentId, 'citations'] as const;

export const citationsQueryOptions = (documentId: string) =>
  queryOptions({ queryKey: citationsQueryKey(documentId), queryFn: () => getCitations(documentId) });

export function useCitations(documentId: string | null | undefined) {
  return useQuery({ ...citationsQueryOptions(documentId ?? ''), enabled: Boolean(documentId) });
}
