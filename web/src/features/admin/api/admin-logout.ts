import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Acknowledgement } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { adminSessionQueryKey } from './admin-session';

const ADMIN_LOGOUT: TypedDocumentNode<{ adminLogout: Acknowledgement }> = gql`
  mutation AdminLogout {
    adminLogout {
      success
      message
    }
  }
`;

/** Ends the admin session on the server (the cookie is cleared there). */
export async function adminLogout(): Promise<void> {
  await getApolloClient().mutate({ mutation: ADMIN_LOGOUT });
}

/** Whatever the server answers, the console returns to the login form (which forgets the admin's reads). */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    onSettled: () => queryClient.setQueryData(adminSessionQueryKey, null),
  });
}
