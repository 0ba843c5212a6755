import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedIp, MutationBlockIpArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { adminCall } from '@/features/admin/lib/errors';
import { blacklistQueryKey } from './get-blacklist';

const BLOCK_IP: TypedDocumentNode<{ blockIp: BlockedIp }, MutationBlockIpArgs> = gql`
  mutation BlockIp($ipAddress: String!, $reason: String) {
    blockIp(ipAddress: $ipAddress, reason: $reason) {
      ipAddress
      reason
      blockedAt
      blockedBy
    }
  }
`;

/** Fails with the server's message (a malformed address, say), else SPEC's 'Failed to block IP'. */
export async function blockIp(input: MutationBlockIpArgs): Promise<BlockedIp> {
  return adminCall(async () => (await getApolloClient().mutate({ mutation: BLOCK_IP, variables: input })).data?.blockIp, 'Failed to block IP', { serverMessage: true });
}

export function useBlockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
  });
}
