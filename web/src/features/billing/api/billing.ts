import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingData } from '@citecheck/proto/http/billing';
import { api } from '@/lib/api-client';
import { authStatusQueryKey } from '@/lib/auth';

export type { BillingData };

export const billingDataQueryKey = ['billing-data'] as const;

/** GET /api/billing/data. */
export async function getBillingData(): Promise<BillingData> {
  try {
    return await api.get<BillingData>('/api/billing/data');
  } catch (error) {
    throw new Error('Failed to fetch billing data', { cause: error });
  }
}

export function useBillingData(enabled: boolean) {
  return useQuery({ queryKey: billingDataQueryKey, queryFn: getBillingData, enabled, retry: false });
}

/** POST /api/billing/cancel-subscription: empty body; the plan stays until the period ends. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ success: boolean; currentPeriodEnd: number }>('/api/billing/cancel-subscription'),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingDataQueryKey });
      await queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
    },
  });
}
