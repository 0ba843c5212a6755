import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const USAGE_STATS_REFETCH_MS = 30_000;

/** GET /api/usage-stats; any failure counts as 0 (SPEC section 7) so the counter never breaks. */
export async function getUsageStats(): Promise<{ totalCitations: number }> {
  try {
    const stats = await api.get<{ totalCitations?: number }>('/api/usage-stats');
    return { totalCitations: typeof stats?.totalCitations === 'number' ? stats.totalCitations : 0 };
  } catch {
    return { totalCitations: 0 };
  }
}

export const usageStatsQueryOptions = () =>
  queryOptions({ queryKey: ['usage-stats'], queryFn: getUsageStats, refetchInterval: USAGE_STATS_REFETCH_MS });

export function useUsageStats() {
  return useQuery(usageStatsQueryOptions());
}
