import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';
import { authStatusQueryKey } from '@/lib/auth';

/** POST /api/auth/logout. The local token goes even if the server call fails. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } finally {
    sessionToken.clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authStatusQueryKey }),
  });
}
