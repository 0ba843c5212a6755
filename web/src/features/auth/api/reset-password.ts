import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password; a body with `error` is a failure even on 200. */
export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  const result = await api.post<{ error?: string } | undefined>('/api/auth/reset-password', input);
  if (result && typeof result === 'object' && result.error) throw new Error(result.error);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
