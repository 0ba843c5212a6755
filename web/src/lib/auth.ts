import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthStatus } from '@citecheck/proto/graphql/types';

/**
 * The account status every screen reads (the header, the upload flow, the report page), so it
 * lives here rather than in one feature. Read through the supergraph's `authStatus`, the same
 * use case as GET /api/auth/status.
 */
export type { AuthStatus };

const SIGNED_OUT: AuthStatus = { isVerified: false, isAuthenticated: false, user: null, accountSetupRequired: false };

/** A failure means "not signed in": the page must still work. */
export async function getAuthStatus(): Promise<AuthStatus> {
  try {
    // Apollo is loaded on the first read, not with the landing page's initial JavaScript.
    const { queryAuthStatus } = await import('@/lib/auth-query');
    return (await queryAuthStatus()) ?? SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

export const authStatusQueryKey = ['auth-status'] as const;

export const authStatusQueryOptions = () => queryOptions({ queryKey: authStatusQueryKey, queryFn: getAuthStatus });

export function useAuthStatus() {
  return useQuery(authStatusQueryOptions());
}
