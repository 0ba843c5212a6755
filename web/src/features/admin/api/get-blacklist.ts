import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blacklist } from '@citecheck/proto/graphql/types';
import { adminCall } from '@/features/admin/lib/errors';
import { getApolloClient } from '@/lib/apollo';

export type { Blacklist };

const BLACKLIST: TypedDocumentNode<{ blacklist: Blacklist }> = gql`
  query Blacklist {
    blacklist {
      blacklistedIPs {
        ipAddress
        reason
        blockedAt
        blockedBy
      }
      totalBlacklisted
    }
  }
`;

export async function getBlacklist(): Promise<Blacklist> {
  return adminCall(async () => (await getApolloClient().query({ query: BLACKLIST })).data?.blacklist, 'Failed to fetch blacklist');
}

export const blacklistQueryKey = ['admin', 'blacklist'] as const;

export const blacklistQueryOptions = () => queryOptions({ queryKey: blacklistQueryKey, queryFn: getBlacklist });

export function useBlacklist() {
  return useQuery(blacklistQueryOptions());
}
