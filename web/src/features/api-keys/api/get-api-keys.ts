import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { graphqlFailure } from '@/lib/graphql-errors';

/** A key as the dashboard lists it: identity's fields, analytics' call count. */
export type DashboardApiKey = Pick<ApiKey, 'id' | 'name' | 'prefix' | 'createdAt' | 'lastUsedAt' | 'revoked' | 'revokedAt' | 'calls'>;

export const API_KEYS: TypedDocumentNode<{ apiKeys: DashboardApiKey[] }> = gql`
  query ApiKeys {
    apiKeys {
      id
      name
      prefix
      createdAt
      lastUsedAt
      revoked
      revokedAt
      calls
    }
  }
`;

export async function getApiKeys(): Promise<DashboardApiKey[]> {
  try {
    return (await getApolloClient().query({ query: API_KEYS })).data?.apiKeys ?? [];
  } catch (error) {
    throw new Error(graphqlFailure(error).message ?? 'Failed to fetch API keys', { cause: error });
  }
}

export const apiKeysQueryKey = ['api-keys'] as const;

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}
