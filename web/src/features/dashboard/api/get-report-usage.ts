import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ReportUsage {
  reportLimit: number;
  reportsUsed: number;
}

/** GET /api/user/report-usage (free users only). */
export async function getReportUsage(): Promise<ReportUsage> {
  try {
    return await api.get<ReportUsage>('/api/user/report-usage');
  } catch (error) {
    throw new Error('Failed to fetch report usage', { cause: error });
  }
}

export const reportUsageQueryKey = ['report-usage'] as const;

export function useReportUsage(enabled: boolean) {
  return useQuery({ queryKey: reportUsageQueryKey, queryFn: getReportUsage, enabled, retry: false });
}
