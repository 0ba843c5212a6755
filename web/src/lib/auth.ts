import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthStatus } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';

/**
 * The account status every screen reads (the header, the upload flow, the report page), so it
 * lives here rather than in one feature. Read through the supergraph's `authStatus`, the same
 * use case as GET /api/auth/status.
 */
export type { AuthStatus };

const SIGNED_OUT: AuthStatus = { isVerified: false, isAuthenticated: false, user: null };

const AUTH_STATUS: TypedDocumentNode<{ authStatus: AuthStatus }> = gql`
  query AuthStatus {
    authStatus {
      isVerified
      isAuthenticated
      user {
        name
        email
        userType
      }
    }
  }
`;

/** A failure means "not signed in": the page must still work. */
export async function getAuthStatus(): Promise<AuthStatus> {
  try {
    const { data } = await getApolloClient().query({ query: AUTH_STATUS });
    return data?.authStatus ?? SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

export const authStatusQueryKey = ['auth-status'] as const;

export const authStatusQueryOptions = () => queryOptions({ queryKey: authStatusQueryKey, queryFn: getAuthStatus });

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions());
}
