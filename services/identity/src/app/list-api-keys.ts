/** The signed-in user's API keys, newest first, live and revoked (the dashboard's list). */
import { toApiKeyView, type ApiKeyView } from './api-key-view';
import type { IdentityContext } from './context';
import { requireKeyOwner } from './key-owner';

export async function listApiKeys(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock' | 'apiKeys'>, sessionToken: string | null): Promise<ApiKeyView[]> {
  const user = await requireKeyOwner(ctx, sessionToken);
  return (await ctx.apiKeys.ofUser(user.id)).map(toApiKeyView);
}
