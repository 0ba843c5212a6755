import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@tanstack/react-query';
import type { Acknowledgement, MutationResendVerificationArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { serverMessageOr } from '@/features/admin/lib/errors';

const RESEND_VERIFICATION: TypedDocumentNode<{ resendVerification: Acknowledgement }, MutationResendVerificationArgs> = gql`
  mutation ResendVerification($id: ID!) {
    resendVerification(id: $id) {
      success
      message
    }
  }
`;

/** Mails an unverified user a fresh link. Fails with the server's message, else SPEC's. */
export async function resendVerification(id: string): Promise<Acknowledgement> {
  let answer: Acknowledgement | undefined;
  try {
    const { data } = await getApolloClient().mutate({ mutation: RESEND_VERIFICATION, variables: { id } });
    answer = data?.resendVerification;
  } catch (error) {
    throw new Error(serverMessageOr(error, 'Failed to resend verification email'), { cause: error });
  }
  if (!answer?.success) throw new Error(answer?.message || 'Failed to resend verification email');
  return answer;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
