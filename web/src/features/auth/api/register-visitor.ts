import { useMutation } from '@tanstack/react-query';
import type { Registration } from '@citecheck/proto/graphql/types';
import type { RegisterBody } from '@citecheck/proto/http/identity';
import { api } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';

export type RegisterVisitorInput = RegisterBody;

/** The same answer as the supergraph's register mutation; read leniently, as the server may leave a field out. */
export type RegisterVisitorResponse = Partial<Registration>;

/** POST /api/auth/register: the registration dialog for visitors who want to upload. */
export async function registerVisitor(input: RegisterVisitorInput): Promise<RegisterVisitorResponse> {
  const response = await api.post<RegisterVisitorResponse>('/api/auth/register', input);
  // An already-verified address signs straight in; keep the token if the server issued one.
  if (response?.sessionToken) sessionToken.set(response.sessionToken);
  return response ?? {};
}

export function useRegisterVisitor() {
  return useMutation({ mutationFn: registerVisitor });
}
