/**
 * POST /api/citations/{id}/validate and `recheckCitation`, as the report page calls them: the
 * document's uploader only, signed in, a limited number of times a minute. A recheck verifies
 * the citation's whole document again when it is a short form and stores the new set (kept
 * with the document), so anonymous rechecks let one client fill the disk at 6 MB/s (issue 28,
 * finding 5). A citation id is unguessable, but a shared report hands it to anyone.
 */
import type { RateLimiter } from '@citecheck/platform';
import { ApiError, type AuthenticatedUser, type ValidatedCitation } from '@citecheck/proto';
import { documentIdOf } from '../store/citations';
import type { DocumentOwners } from '../store/document-owners';

export interface RecheckAsOwnerDeps {
  /** The caller's account from their session; null when signed out. */
  authenticate: (sessionToken: string | null) => Promise<AuthenticatedUser | null>;
  owners: DocumentOwners;
  limiter: RateLimiter;
  recheck: (citationId: string) => Promise<ValidatedCitation>;
}

const notFound = () => new ApiError(404, 'Citation not found', 'citation_not_found');

export async function recheckAsOwner(deps: RecheckAsOwnerDeps, sessionToken: string | null, citationId: string): Promise<ValidatedCitation> {
  const user = await deps.authenticate(sessionToken);
  if (!user) throw new ApiError(401, 'Please sign in to continue.', 'authentication_required');
  const documentId = documentIdOf(citationId);
  // Someone else's citation looks like one that does not exist.
  if (!documentId || (await deps.owners.ownerOf(documentId)) !== user.id) throw notFound();
  if (!(await deps.limiter.hit(user.id))) throw new ApiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
  return deps.recheck(citationId);
}
