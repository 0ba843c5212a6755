import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Document, User, ValidationReport } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';

/** SPEC section 3, Document, with the report's figures and the uploader. */
export type AdminDocument = Pick<Document, 'id' | 'filename' | 'fileType' | 'uploadedAt' | 'userEmail'> & {
  user: Pick<User, 'id' | 'name' | 'email'> | null;
  validationReport: Pick<ValidationReport, 'id' | 'totalCitations' | 'validCitations' | 'invalidCitations' | 'accuracyRate'> | null;
};

const DOCUMENTS: TypedDocumentNode<{ documents: AdminDocument[] }> = gql`
  query AdminDocuments {
    documents {
      id
      filename
      fileType
      uploadedAt
      userEmail
      user {
        id
        name
        email
      }
      validationReport {
        id
        totalCitations
        validCitations
        invalidCitations
        accuracyRate
      }
    }
  }
`;

export async function getDocuments(): Promise<AdminDocument[]> {
  try {
    const { data } = await getApolloClient().query({ query: DOCUMENTS });
    return data?.documents ?? [];
  } catch (error) {
    throw new Error('Failed to fetch documents', { cause: error });
  }
}

export const documentsQueryKey = ['admin', 'documents'] as const;

export const documentsQueryOptions = () => queryOptions({ queryKey: documentsQueryKey, queryFn: getDocuments });

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}
