import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@citecheck/proto/graphql/types';
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
  let stats: AdminStats | undefined;
  try {
    const { data } = await getApolloClient().query({ query: STATS });
    stats = data?.stats;
  } catch (error) {
    throw new Error('Failed to fetch stats', { cause: error });
  }
  if (!stats) throw new Error('Failed to fetch stats');
  return stats;
}

export const statsQueryKey = ['admin', 'stats'] as const;

export const statsQueryOptions = () => queryOptions({ queryKey: statsQueryKey, queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
