import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AuthStatus } from '@/types/api';

const SIGNED_OUT: AuthStatus = { isVerified: false, isAuthenticated: false, user: null };

/** GET /api/auth/status. A failure means "not signed in": the page must still work. */
export async function getAuthStatus(): Promise<AuthStatus> {
  try {
    const status = await api.get<Partial<AuthStatus> | null>('/api/auth/status', { nullOn401: true });
    if (!status) return SIGNED_OUT;
    return {
      isVerified: Boolean(status.isVerified),
      isAuthenticated: Boolean(status.isAuthenticated),
      user: status.user ?? null,
    };
  } catch {
    return SIGNED_OUT;
  }
}

export const authStatusQueryKey = ['auth-status'] as const;

export const authStatusQueryOptions = () => queryOptions({ queryKey: authStatusQueryKey, queryFn: getAuthStatus });

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions());
}
