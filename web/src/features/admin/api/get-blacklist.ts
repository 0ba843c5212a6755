import { gql, type TypedDocumentNode } from '@apollo/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blacklist } from '@citecheck/proto/graphql/types';
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
  let blacklist: Blacklist | undefined;
  try {
    const { data } = await getApolloClient().query({ query: BLACKLIST });
    blacklist = data?.blacklist;
  } catch (error) {
    throw new Error('Failed to fetch blacklist', { cause: error });
  }
  if (!blacklist) throw new Error('Failed to fetch blacklist');
  return blacklist;
}

export const blacklistQueryKey = ['admin', 'blacklist'] as const;

export const blacklistQueryOptions = () => queryOptions({ queryKey: blacklistQueryKey, queryFn: getBlacklist });

export function useBlacklist() {
  return useQuery(blacklistQueryOptions());
}
