import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Acknowledgement, MutationUnblockIpArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { adminCall } from '@/features/admin/lib/errors';
import { blacklistQueryKey } from './get-blacklist';

const UNBLOCK_IP: TypedDocumentNode<{ unblockIp: Acknowledgement }, MutationUnblockIpArgs> = gql`
  mutation UnblockIp($ipAddress: String!) {
    unblockIp(ipAddress: $ipAddress) {
      success
      message
    }
  }
`;

/** Fails with the server's message, else SPEC's 'Failed to unblock IP'. */
export async function unblockIp(ipAddress: string): Promise<Acknowledgement> {
  const fallback = 'Failed to unblock IP';
  const answer = await adminCall(async () => (await getApolloClient().mutate({ mutation: UNBLOCK_IP, variables: { ipAddress } })).data?.unblockIp, fallback, { serverMessage: true });
  if (!answer.success) throw new Error(answer.message || fallback);
  return answer;
}

export function useUnblockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistQueryKey }),
  });
}
