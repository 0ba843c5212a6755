import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Document, User, ValidationReport } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
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
  return adminCall(async () => (await getApolloClient().query({ query: DOCUMENTS })).data?.documents ?? [], 'Failed to fetch documents');
}

export const documentsQueryKey = ['admin', 'documents'] as const;

export const documentsQueryOptions = () => queryOptions({ queryKey: documentsQueryKey, queryFn: getDocuments });

export function useDocuments() {
  return useQuery(documentsQueryOptions());
}
