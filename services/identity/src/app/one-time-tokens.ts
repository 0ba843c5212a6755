/** E-mailed one-time tokens (verification, password reset): issued, inspected, used up. */
import { DEVICE_TTL_MS, hashToken, looksLikeToken, newToken, RESET_TTL_MS, VERIFICATION_TTL_MS } from '../domain/tokens';
import type { TokenDoc, TokenKind } from '../store';
import { isoAt, type IdentityContext } from './context';

export type TokenState = { state: 'ok' | 'invalid' | 'used' | 'expired'; doc?: TokenDoc };

type Deps = Pick<IdentityContext, 'tokens' | 'clock'>;

export async function issueToken(ctx: Deps, kind: TokenKind, userId: string, bound: { browser?: string; inert?: boolean } = {}): Promise<string> {
  const token = newToken();
  await ctx.tokens.issue({
    id: hashToken(token),
    kind,
    userId,
    used: false,
    createdAt: isoAt(ctx.clock),
    expiresAt: isoAt(ctx.clock, kind === 'reset' ? RESET_TTL_MS : kind === 'device' ? DEVICE_TTL_MS : VERIFICATION_TTL_MS),
    ...(bound.browser ? { browser: bound.browser } : {}),
    ...(bound.inert ? { inert: true } : {}),
  });
  return token;
}

/** A token's state without using it up. */
export async function inspectToken(ctx: Deps, kind: TokenKind, token: string): Promise<TokenState> {
  if (!looksLikeToken(token)) return { state: 'invalid' };
  const doc = await ctx.tokens.byId(hashToken(token));
  if (!doc || doc.kind !== kind) return { state: 'invalid' };
  if (doc.used) return { state: 'used', doc };
  if (doc.expiresAt <= isoAt(ctx.clock)) return { state: 'expired', doc };
  return { state: 'ok', doc };
}

/** Uses a token up; of two concurrent uses only one is 'ok'. */
export async function consumeToken(ctx: Deps, kind: TokenKind, token: string): Promise<TokenState> {
  const inspected = await inspectToken(ctx, kind, token);
  if (inspected.state !== 'ok' || !inspected.doc) return inspected;
  const used = await ctx.tokens.useUp(inspected.doc.id);
  return used ? { state: 'ok', doc: used } : { state: 'used', doc: inspected.doc };
}
