import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';
import { authStatusQueryKey } from '@/lib/auth';

export interface VerifyEmailResponse {
  user?: { name?: string | null };
  message?: string;
  /** The server signs the visitor in on verification. */
  sessionToken?: string;
  /** The address was verified before: the link was a mailed one-click sign-in link. */
  alreadyVerified?: boolean;
  /**
   * Another account is signed in in this browser: nothing happened yet, and the user chooses
   * (the link never replaces a session behind the user's back).
   */
  requiresChoice?: boolean;
  signedInAs?: { name: string; email: string };
  linkFor?: { name: string; email: string };
}

/**
 * GET /api/verify-email?token=... Verification signs the visitor in, so the session token is
 * kept like a login's. Writing it to local storage also tells the visitor's other tabs (the
 * one still holding a dropped file, for instance) through the 'storage' event.
 */
export async function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  const response = await api.get<VerifyEmailResponse>(`/api/verify-email?token=${encodeURIComponent(token)}`);
  if (response?.sessionToken) sessionToken.set(response.sessionToken);
  return response ?? {};
}

/** POST /api/verify-email {token}: the user chose to leave the account signed in here for the link's. */
export async function switchToLinkAccount(token: string): Promise<VerifyEmailResponse> {
  const response = await api.post<VerifyEmailResponse>('/api/verify-email', { token });
  if (response?.sessionToken) sessionToken.set(response.sessionToken);
  return response ?? {};
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['verify-email', token], queryFn: () => verifyEmail(token) });

export function useVerifyEmail(token: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
  // The auth status cached when the page opened predates the verification: ask again, so the
  // header and the upload card treat the visitor as signed in without a reload.
  const verified = query.isSuccess && !query.data?.requiresChoice;
  useEffect(() => {
    if (verified) void queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
  }, [verified, queryClient]);
  return query;
}

export function useSwitchToLinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchToLinkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authStatusQueryKey }),
  });
}
