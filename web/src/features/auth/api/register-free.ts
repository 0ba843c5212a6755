import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RegisterFreeInput {
  name: string;
  email: string;
  newsletterOptIn: boolean;
}

/** POST /api/register/free: "Create Free Account" in the auth dialog. */
export function registerFree(input: RegisterFreeInput): Promise<unknown> {
  return api.post('/api/register/free', input);
}

export function useRegisterFree() {
  return useMutation({ mutationFn: registerFree });
}
