/** The signed-in user's account, and a user looked up by id for the user themself or the admin. */
import { toAdminView, type AdminUserView } from '../domain/user';
import { authenticate } from './authenticate';
import { checkAdmin, type AdminCaller } from './check-admin';
import type { IdentityContext } from './context';

type Deps = Pick<IdentityContext, 'sessions' | 'users' | 'clock' | 'settings' | 'adminFailures' | 'logger' | 'adminSessions'>;

/** The caller's own account; null when not signed in. */
export async function currentUser(ctx: Pick<IdentityContext, 'sessions' | 'users' | 'clock'>, sessionToken: string | null): Promise<AdminUserView | null> {
  const signedIn = await authenticate(ctx, sessionToken);
  const user = signedIn && (await ctx.users.byId(signedIn.id));
  return user ? toAdminView(user) : null;
}

/**
 * A user by id (a federated reference from another subgraph). Only the user themself or the
 * admin may see an account; anyone else gets null, as if there were none.
 */
export async function userById(ctx: Deps, caller: AdminCaller & { sessionToken: string | null }, userId: string): Promise<AdminUserView | null> {
  const signedIn = await authenticate(ctx, caller.sessionToken);
  if (signedIn?.id !== userId && (await checkAdmin(ctx, caller)) !== 'ok') return null;
  const user = await ctx.users.byId(userId);
  return user ? toAdminView(user) : null;
}
