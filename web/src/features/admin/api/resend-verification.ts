import { gql, type TypedDocumentNode } from '@apollo/client';
import { useMutation } from '@tanstack/react-query';
import type { Acknowledgement, MutationResendVerificationArgs } from '@citecheck/proto/graphql/types';
import { getApolloClient } from '@/lib/apollo';
import { adminCall } from '@/features/admin/lib/errors';

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
  const fallback = 'Failed to resend verification email';
  const answer = await adminCall(async () => (await getApolloClient().mutate({ mutation: RESEND_VERIFICATION, variables: { id } })).data?.resendVerification, fallback, { serverMessage: true });
  if (!answer.success) throw new Error(answer.message || fallback);
  return answer;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
