import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';

export interface RegisterVisitorInput {
  name: string;
  email: string;
  newsletterOptIn: boolean;
}

export interface RegisterVisitorResponse {
  alreadyVerified?: boolean;
  message?: string;
  sessionToken?: string;
}

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
