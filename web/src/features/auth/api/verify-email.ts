import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface VerifyEmailResponse {
  user?: { name?: string | null };
  message?: string;
}

/** GET /api/verify-email?token=... */
export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return api.get<VerifyEmailResponse>(`/api/verify-email?token=${encodeURIComponent(token)}`);
}

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['verify-email', token], queryFn: () => verifyEmail(token) });

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
