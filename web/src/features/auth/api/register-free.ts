import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@citecheck/proto/http/identity';
import { api } from '@/lib/api-client';

export type RegisterFreeInput = RegisterBody;

/** POST /api/register/free: "Create Free Account" in the auth dialog. */
export function registerFree(input: RegisterFreeInput): Promise<unknown> {
  return api.post('/api/register/free', input);
}

export function useRegisterFree() {
  return useMutation({ mutationFn: registerFree });
}
