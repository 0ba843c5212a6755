import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey, ApiUsage } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';

export type AdminApiKey = Pick<ApiKey, 'id' | 'name' | 'prefix' | 'ownerEmail' | 'createdAt' | 'lastUsedAt' | 'revoked' | 'calls'>;

const API_USAGE: TypedDocumentNode<{ apiUsage: ApiUsage; allApiKeys: AdminApiKey[] }> = gql`
  query AdminApiUsage {
    apiUsage {
      totalCalls
      refusedCalls
      citations
      byOperation {
        operation
        calls
      }
      daily {
        date
        calls
      }
      topKeys {
        keyId
        keyName
        userId
        userEmail
        calls
        lastCallAt
      }
    }
    allApiKeys {
      id
      name
      prefix
      ownerEmail
      createdAt
      lastUsedAt
      revoked
      calls
    }
  }
`;

/** The public API's use over the last 30 days, and every key (the admin's). */
export async function getApiUsage() {
  return adminCall(async () => (await getApolloClient().query({ query: API_USAGE })).data, 'Failed to fetch API usage');
}

export const apiUsageQueryKey = ['admin', 'api-usage'] as const;

export const apiUsageQueryOptions = () => queryOptions({ queryKey: apiUsageQueryKey, queryFn: getApiUsage });

export function useApiUsage() {
  return useQuery(apiUsageQueryOptions());
}
