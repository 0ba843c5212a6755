import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';

export type { AdminStats };

const STATS: TypedDocumentNode<{ stats: AdminStats }> = gql`
  query AdminStats {
    stats {
      totalDocuments
      totalCitations
      avgProcessingTime
      ocrUsageCount
      dailyUsage {
        date
        count
      }
    }
  }
`;

export async function getStats(): Promise<AdminStats> {
  return adminCall(async () => (await getApolloClient().query({ query: STATS })).data?.stats, 'Failed to fetch stats');
}

export const statsQueryKey = ['admin', 'stats'] as const;

export const statsQueryOptions = () => queryOptions({ queryKey: statsQueryKey, queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
