import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@citecheck/proto/http/identity';
import { api } from '@/lib/api-client';

/** The coupon sign-up sends its code along, checked before the account is made. */
export type RegisterFreeInput = RegisterBody & { couponCode?: string };

/** POST /api/register/free: "Create Free Account" in the auth dialog. */
export function registerFree(input: RegisterFreeInput): Promise<unknown> {
  return api.post('/api/register/free', input);
}

export function useRegisterFree() {
  return useMutation({ mutationFn: registerFree });
}
