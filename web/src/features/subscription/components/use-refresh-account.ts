import { useQueryClient } from '@tanstack/react-query';
import { authStatusQueryKey } from '@/lib/auth';

/** After payment the plan and report usage changed on the server (SPEC section 7): read them again. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authStatusQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['report-usage'] }),
    ]);
}
