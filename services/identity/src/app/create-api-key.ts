/**
 * A signed-in user creates an API key (the dashboard's API keys section): named, at most
 * MAX_ACTIVE_KEYS live at once. The whole key is answered this once; only its digest is kept.
 */
import { apiKeyMessages, cleanKeyName, MAX_ACTIVE_KEYS, newApiKey } from '../domain/api-keys';
import { badRequest, conflict } from '../domain/errors';
import { toApiKeyView, type ApiKeyView } from './api-key-view';
import { isoAt, type IdentityContext } from './context';
import { requireKeyOwner } from './key-owner';

export interface CreatedApiKey {
  key: ApiKeyView;
  /** The whole key (`cck_<id>_<secret>`): shown once, never again. */
  secret: string;
}

export async function createApiKey(
  ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock' | 'apiKeys' | 'logger'>,
  sessionToken: string | null,
  input: { name: unknown },
): Promise<CreatedApiKey> {
  const user = await requireKeyOwner(ctx, sessionToken);
  const name = cleanKeyName(input.name);
  if (!name) throw badRequest(apiKeyMessages.nameRequired, 'invalid_key_name');
  // Counted before the insert: two creations racing at the limit may both pass, leaving one
  // key over it. That is harmless (each key still acts within the same plan), so no lock.
  if ((await ctx.apiKeys.countActiveOf(user.id)) >= MAX_ACTIVE_KEYS) throw conflict(apiKeyMessages.tooMany, 'too_many_keys');
  const issued = newApiKey();
  const doc = {
    id: issued.id,
    userId: user.id,
    name,
    secretHash: issued.secretHash,
    createdAt: isoAt(ctx.clock),
    lastUsedAt: '',
    revoked: false,
    revokedAt: null,
    revokedBy: null,
  };
  await ctx.apiKeys.add(doc);
  ctx.logger.info({ keyId: doc.id, userId: user.id }, 'API key created');
  return { key: toApiKeyView(doc), secret: issued.key };
}
