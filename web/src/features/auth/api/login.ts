import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@citecheck/proto/graphql/types';
import type { LoginBody } from '@citecheck/proto/http/identity';
import { api } from '@/lib/api-client';
import { authStatusQueryKey } from '@/lib/auth';
import { sessionToken } from '@/lib/storage';

/** Only premium accounts have a password; free accounts sign in with email only. */
export type LoginInput = Pick<LoginBody, 'email'> & Partial<Pick<LoginBody, 'password'>>;

/** The same answer as the supergraph's login mutation (one use case serves both). */
export type LoginResponse = Session;

/** POST /api/auth/login; the session token is kept in local storage. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/api/auth/login', { email: input.email, password: input.password ?? '' });
  if (response?.sessionToken) sessionToken.set(response.sessionToken);
  return response;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authStatusQueryKey }),
  });
}
