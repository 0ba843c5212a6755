import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSession } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';

export type { AdminSession };

const ADMIN_SESSION: TypedDocumentNode<{ adminSession: AdminSession | null }> = gql`
  query AdminSession {
    adminSession {
      email
      expiresAt
    }
  }
`;

/**
 * Who the server knows as the admin in this browser (the httpOnly admin cookie it set at
 * sign-in); null when nobody. The browser never holds the admin's credentials.
 */
export async function getAdminSession(): Promise<AdminSession | null> {
  const { data } = await getApolloClient().query({ query: ADMIN_SESSION });
  return data?.adminSession ?? null;
}

export const adminSessionQueryKey = ['admin', 'session'] as const;

export const adminSessionQueryOptions = () => queryOptions({ queryKey: adminSessionQueryKey, queryFn: getAdminSession });

export function useAdminSession(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminSessionQueryOptions(), enabled: options.enabled ?? true });
}
