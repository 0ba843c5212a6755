import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password. */
export function forgotPassword(input: { email: string }): Promise<unknown> {
  return api.post('/api/auth/forgot-password', input);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
