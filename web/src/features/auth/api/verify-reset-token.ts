import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetTokenCheck {
  valid: boolean;
  name?: string | null;
  error?: string;
}

/** GET /api/auth/verify-reset-token?token=...; any failure reads as an invalid link. */
export async function verifyResetToken(token: string): Promise<ResetTokenCheck> {
  try {
    const result = await api.get<ResetTokenCheck>(`/api/auth/verify-reset-token?token=${encodeURIComponent(token)}`);
    return { valid: Boolean(result?.valid) && !result?.error, name: result?.name ?? null };
  } catch {
    return { valid: false };
  }
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['reset-token', token], queryFn: () => verifyResetToken(token) });

export function useVerifyResetToken(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
