import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedApiKey, MutationCreateApiKeyArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { graphqlFailure } from '@/lib/graphql-errors';
import { apiKeysQueryKey } from './get-api-keys';

const CREATE_API_KEY: TypedDocumentNode<{ createApiKey: Pick<CreatedApiKey, 'secret'> & { key: Pick<CreatedApiKey['key'], 'id' | 'name' | 'prefix'> } }, MutationCreateApiKeyArgs> = gql`
  mutation CreateApiKey($name: String!) {
    createApiKey(name: $name) {
      secret
      key {
        id
        name
        prefix
      }
    }
  }
`;

/** The new key with its whole secret, which the server gives out this once. */
export async function createApiKey(name: string) {
  try {
    const answer = (await getApolloClient().mutate({ mutation: CREATE_API_KEY, variables: { name } })).data?.createApiKey;
    if (!answer) throw new Error('Failed to create API key');
    return answer;
  } catch (error) {
    throw new Error(graphqlFailure(error).message ?? 'Failed to create API key', { cause: error });
  }
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }) });
}
