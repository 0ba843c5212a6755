import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, MutationAdminRevokeApiKeyArgs } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';
import { apiUsageQueryKey } from './get-api-usage';

const ADMIN_REVOKE_API_KEY: TypedDocumentNode<{ adminRevokeApiKey: Pick<ApiKey, 'id' | 'revoked'> }, MutationAdminRevokeApiKeyArgs> = gql`
  mutation AdminRevokeApiKey($id: ID!) {
    adminRevokeApiKey(id: $id) {
      id
      revoked
    }
  }
`;

/** Revokes any key (recorded in the audit log); fails with the server's message, else 'Failed to revoke API key'. */
export async function adminRevokeApiKey(id: string) {
  return adminCall(async () => (await getApolloClient().mutate({ mutation: ADMIN_REVOKE_API_KEY, variables: { id } })).data?.adminRevokeApiKey, 'Failed to revoke API key', {
    serverMessage: true,
  });
}

export function useAdminRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminRevokeApiKey,
    // The audit log shows the revocation too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'], predicate: (query) => query.queryKey[1] === 'api-usage' || query.queryKey[1] === 'audit-log' }),
  });
}
