import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageMetric } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';

/** SPEC section 3, Usage metric record. */
export type UsageRecord = Pick<
  UsageMetric,
  | 'id'
  | 'documentName'
  | 'createdAt'
  | 'user'
  | 'documentSize'
  | 'citationCount'
  | 'ocrUsed'
  | 'llmCalls'
  | 'llmTokensUsed'
  | 'courtListenerCalls'
  | 'processingTimeMs'
  | 'ipAddress'
  | 'status'
  | 'reportId'
>;

const USAGE_METRICS: TypedDocumentNode<{ usageMetrics: UsageRecord[] }> = gql`
  query UsageMetrics {
    usageMetrics {
      id
      documentName
      createdAt
      user {
        name
        email
        isVerified
      }
      documentSize
      citationCount
      ocrUsed
      llmCalls
      llmTokensUsed
      courtListenerCalls
      processingTimeMs
      ipAddress
      status
      reportId
    }
  }
`;

/** Every usage record, newest first. */
export async function getUsageMetrics(): Promise<UsageRecord[]> {
  return adminCall(async () => (await getApolloClient().query({ query: USAGE_METRICS })).data?.usageMetrics ?? [], 'Failed to fetch metrics');
}

export const usageMetricsQueryKey = ['admin', 'usage-metrics'] as const;

export const usageMetricsQueryOptions = () => queryOptions({ queryKey: usageMetricsQueryKey, queryFn: getUsageMetrics });

export function useUsageMetrics() {
  return useQuery(usageMetricsQueryOptions());
}
