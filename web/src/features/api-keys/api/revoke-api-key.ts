import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, MutationRevokeApiKeyArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { graphqlFailure } from '@/lib/graphql-errors';
import { apiKeysQueryKey } from './get-api-keys';

const REVOKE_API_KEY: TypedDocumentNode<{ revokeApiKey: Pick<ApiKey, 'id' | 'revoked'> }, MutationRevokeApiKeyArgs> = gql`
  mutation RevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revoked
    }
  }
`;

export async function revokeApiKey(id: string) {
  try {
    return (await getApolloClient().mutate({ mutation: REVOKE_API_KEY, variables: { id } })).data?.revokeApiKey;
  } catch (error) {
    throw new Error(graphqlFailure(error).message ?? 'Failed to revoke API key', { cause: error });
  }
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }) });
}
