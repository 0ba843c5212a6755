import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Acknowledgement, MutationDeleteUserArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { adminCall } from '@/features/admin/lib/errors';
import { usersQueryKey } from './get-users';

const DELETE_USER: TypedDocumentNode<{ deleteUser: Acknowledgement }, MutationDeleteUserArgs> = gql`
  mutation DeleteUser($id: ID!) {
    deleteUser(id: $id) {
      success
      message
    }
  }
`;

/** Fails with the server's message, else SPEC's 'Failed to delete user'. */
export async function deleteUser(id: string): Promise<Acknowledgement> {
  const fallback = 'Failed to delete user';
  const answer = await adminCall(async () => (await getApolloClient().mutate({ mutation: DELETE_USER, variables: { id } })).data?.deleteUser, fallback, { serverMessage: true });
  if (!answer.success) throw new Error(answer.message || fallback);
  return answer;
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The documents list names each document's user, so it is read again too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] !== 'session' }),
  });
}
