import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';
import type { PublicUser } from '@citecheck/proto/graphql/types';
import { authStatusQueryKey } from '@/lib/auth';

export interface LoginInput {
  email: string;
  /** Only premium accounts have one; free accounts sign in with email only. */
  password?: string;
}

export interface LoginResponse {
  sessionToken: string;
  user: PublicUser;
}

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
