/**
 * The owner revokes one of their keys: every call with it is refused from then on
 * (use-api-key.ts reads the key on every call). Someone else's key reads as not found.
 */
import { apiKeyMessages } from '../domain/api-keys';
import { notFound } from '../domain/errors';
import { toApiKeyView, type ApiKeyView } from './api-key-view';
import { isoAt, type IdentityContext } from './context';
import { requireKeyOwner } from './key-owner';

export async function revokeApiKey(
  ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock' | 'apiKeys' | 'logger'>,
  sessionToken: string | null,
  keyId: string,
): Promise<ApiKeyView> {
  const user = await requireKeyOwner(ctx, sessionToken);
  const key = await ctx.apiKeys.byId(keyId);
  if (!key || key.userId !== user.id) throw notFound(apiKeyMessages.notFound, 'api_key_not_found');
  // Revoking a revoked key again answers it as it is: the owner's intent already holds.
  const revoked = (await ctx.apiKeys.revoke(key.id, isoAt(ctx.clock), 'owner')) ?? (await ctx.apiKeys.byId(key.id)) ?? key;
  ctx.logger.info({ keyId: key.id, userId: user.id }, 'API key revoked by its owner');
  return toApiKeyView(revoked);
}
