import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AuthStatus } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';

const AUTH_STATUS: TypedDocumentNode<{ authStatus: AuthStatus }> = gql`
  query AuthStatus {
    authStatus {
      isVerified
      isAuthenticated
      accountSetupRequired
      user {
        name
        email
        userType
      }
    }
  }
`;

/** The supergraph's authStatus; lib/auth imports this module on demand. */
export async function queryAuthStatus(): Promise<AuthStatus | undefined> {
  const { data } = await getApolloClient().query({ query: AUTH_STATUS });
  return data?.authStatus;
}
