/**
 * Service-to-service routes (`/internal/...`) answer only a caller that sends the shared
 * INTERNAL_TOKEN. Anyone else, and everyone when no token is configured, gets the 404 an
 * unknown path gets, so the routes are not even seen to exist. The comparison is constant-time
 * over SHA-256 digests, so neither the token's bytes nor its length leak through timing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '@citecheck/proto';

export function requireInternalToken(presented: string | null | undefined, expected: string | undefined): void {
  if (!expected || !presented || !timingSafeEqual(digest(presented), digest(expected))) throw new ApiError(404, 'Not Found', 'not_found');
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
