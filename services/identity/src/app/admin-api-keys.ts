/**
 * The admin's view of API keys: every key with its owner's e-mail address, and revoking any of
 * them. Each revocation is published as `admin.action` (api_key.revoke) for the audit log.
 */
import { apiKeyMessages } from '../domain/api-keys';
import { notFound } from '../domain/errors';
import { toApiKeyView, type ApiKeyView } from './api-key-view';
import { recordAdminAction } from './audit';
import { requireAdmin, type AdminCaller } from './check-admin';
import { isoAt, type IdentityContext } from './context';

type Deps = Pick<IdentityContext, 'apiKeys' | 'users' | 'settings' | 'adminFailures' | 'logger' | 'adminSessions' | 'clock'>;

export async function listAllApiKeys(ctx: Deps, caller: AdminCaller): Promise<ApiKeyView[]> {
  await requireAdmin(ctx, caller);
  const keys = await ctx.apiKeys.newestFirst();
  const owners = new Map((await ctx.users.newestFirst()).map((user) => [user.id, user.email]));
  return keys.map((key) => ({ ...toApiKeyView(key), ownerEmail: owners.get(key.userId) ?? null }));
}

export async function adminRevokeApiKey(ctx: Deps & Pick<IdentityContext, 'publish'>, caller: AdminCaller, keyId: string): Promise<ApiKeyView> {
  const actor = await requireAdmin(ctx, caller);
  const key = await ctx.apiKeys.byId(keyId);
  if (!key) throw notFound(apiKeyMessages.notFound, 'api_key_not_found');
  const revoked = await ctx.apiKeys.revoke(key.id, isoAt(ctx.clock), actor);
  // Only a revocation that happened is an action to record.
  if (revoked) await recordAdminAction(ctx, { action: 'api_key.revoke', actor, target: key.id, ipAddress: caller.ip });
  const owner = await ctx.users.byId(key.userId);
  return { ...toApiKeyView(revoked ?? (await ctx.apiKeys.byId(key.id)) ?? key), ownerEmail: owner?.email ?? null };
}
