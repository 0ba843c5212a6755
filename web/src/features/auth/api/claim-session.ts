import { api } from '@/lib/api-client';
import { sessionToken } from '@/lib/storage';

export interface ClaimAnswer {
  verified: boolean;
  /** The claim is used up, expired or missing: waiting longer will not help. */
  expired?: boolean;
  sessionToken?: string;
}

/**
 * POST /api/auth/claim: asks whether the address this browser registered has been verified,
 * wherever the link was opened. The server knows the registration by an httpOnly cookie it set
 * at sign-up; once verified it answers a session token, which is kept like a login's.
 */
export async function claimSession(): Promise<ClaimAnswer> {
  const answer = (await api.post<ClaimAnswer>('/api/auth/claim', {})) ?? { verified: false };
  if (answer.verified && answer.sessionToken) sessionToken.set(answer.sessionToken);
  return answer;
}

/** How often a tab waiting in 'Check Your Email' asks. */
export const CLAIM_POLL_MS = 3000;
