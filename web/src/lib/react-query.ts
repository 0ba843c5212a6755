import { QueryClient, type DefaultOptions, type UseMutationOptions } from '@tanstack/react-query';

/** SPEC section 9: no retries, no refetch on focus, data never goes stale. */
export const queryConfig = {
  queries: {
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryConfig });
}

/** Lets a feature's mutation hook accept caller options without restating its types. */
export type MutationConfig<Fn extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;
