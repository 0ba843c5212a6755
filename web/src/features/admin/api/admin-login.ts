import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminSession, MutationAdminLoginArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { adminCall } from '@/features/admin/lib/errors';
import { adminSessionQueryKey } from './admin-session';

const ADMIN_LOGIN: TypedDocumentNode<{ adminLogin: AdminSession }, MutationAdminLoginArgs> = gql`
  mutation AdminLogin($email: String!, $password: String!) {
    adminLogin(email: $email, password: $password) {
      email
      expiresAt
    }
  }
`;

/**
 * The server checks the credentials and answers with an httpOnly cookie; nothing is kept in
 * the browser. Fails with the server's wording ('Invalid email or password', or the
 * too-many-attempts refusal), else SPEC's.
 */
export async function adminLogin(input: MutationAdminLoginArgs): Promise<AdminSession> {
  return adminCall(async () => (await getApolloClient().mutate({ mutation: ADMIN_LOGIN, variables: input })).data?.adminLogin, 'Invalid email or password', { serverMessage: true });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (session) => queryClient.setQueryData(adminSessionQueryKey, session),
  });
}
