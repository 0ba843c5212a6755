/**
 * Resolvers of identity's subgraph. The host puts the request's `authorization` header (and
 * `cookie` and `ip` when it has them) into the GraphQL context; each resolver parses its
 * arguments with the same proto schema as the REST route, counts the same request limits and
 * calls the same use case, and the ApiErrors it throws are rendered by the platform's GraphQL
 * layer with the same message, code and status.
 */
import { perRequest } from '@citecheck/platform';
import {
  adminLoginBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sessionTokenFrom,
  tokenQuerySchema,
} from '@citecheck/proto';
import { adminLogin, adminLogout, currentAdminSession } from '../app/admin-session';
import { authStatus } from '../app/auth-status';
import type { AdminCaller } from '../app/check-admin';
import type { IdentityContext } from '../app/context';
import { currentUser, userById } from '../app/current-user';
import { deleteUser } from '../app/delete-user';
import { forgotPassword } from '../app/forgot-password';
import { listUsers } from '../app/list-users';
import { login } from '../app/login';
import { logout } from '../app/logout';
import { registerUser } from '../app/register-user';
import { reportUsage } from '../app/report-usage';
import { resendVerification } from '../app/resend-verification';
import { resetPassword } from '../app/reset-password';
import { verifyEmail } from '../app/verify-email';
import { looksLikeToken, newToken, VERIFICATION_TTL_MS } from '../domain/tokens';
import { adminCookie, servedOverTls } from './admin-cookie';
import { countCall, type RequestLimits } from './limits';

export interface IdentityGraphqlContext {
  authorization?: string | null;
  cookie?: string | null;
  ip?: string | null;
  /** Adds a Set-Cookie header to the answer (the host's; absent where it cannot, see adminLogin). */
  setCookie?: (header: string) => void;
}

type Args = Record<string, unknown>;

export function createResolvers(app: IdentityContext, serviceName: string, limits: RequestLimits) {
  const tokenOf = (ctx: IdentityGraphqlContext) => sessionTokenFrom(ctx?.authorization ?? null, ctx?.cookie ?? null);
  // One AdminCaller per request context, so every admin field of one request shares one check.
  const adminOf = perRequest((ctx: IdentityGraphqlContext): AdminCaller => ({ authorization: ctx?.authorization ?? null, cookie: ctx?.cookie ?? null, ip: ctx?.ip ?? null }));
  const ipOf = (ctx: IdentityGraphqlContext) => ctx?.ip ?? null;
  // The browser's device cookie, when the host forwards cookies (app/email-sign-in.ts).
  const cookieOptions = (maxAgeMs: number) => ({ maxAgeMs, secure: servedOverTls(false, app.settings.publicUrl) });
  const deviceOf = (ctx: IdentityGraphqlContext) => /(?:^|;\s*)citecheck_device=([^;]+)/.exec(ctx?.cookie ?? '')?.[1] ?? null;
  const cookieOf = (ctx: IdentityGraphqlContext, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(ctx?.cookie ?? '')?.[1] ?? null;
  /**
   * The browser's sign-in secret (rest.ts's citecheck_signin), set now if it has none and the
   * host can set cookies; without it a mailed sign-in link is bound to no browser at all.
   */
  const signInSecretOf = (ctx: IdentityGraphqlContext): string | null => {
    const held = cookieOf(ctx, 'citecheck_signin');
    if (looksLikeToken(held)) return held;
    if (!ctx?.setCookie) return null;
    const secret = newToken();
    const secure = servedOverTls(false, app.settings.publicUrl) ? '; Secure' : '';
    ctx.setCookie(`citecheck_signin=${secret}; Path=/api; Max-Age=${Math.floor(VERIFICATION_TTL_MS / 1000)}; HttpOnly; SameSite=Lax${secure}`);
    return secret;
  };
  return {
    Query: {
      identityHealth: () => ({ service: serviceName, ok: true }),
      me: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => currentUser(app, tokenOf(ctx)),
      authStatus: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => authStatus(app, tokenOf(ctx)),
      reportUsage: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => reportUsage(app, tokenOf(ctx)),
      users: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => listUsers(app, adminOf(ctx)),
      adminSession: (_: unknown, __: Args, ctx: IdentityGraphqlContext) => currentAdminSession(app, ctx?.cookie ?? null),
    },
    Mutation: {
      adminLogin: async (_: unknown, args: Args, ctx: IdentityGraphqlContext) => {
        // Without a way to set the cookie the session would be opened for nobody.
        if (!ctx?.setCookie) throw new Error('adminLogin needs a host that can set cookies');
        const input = adminLoginBodySchema.parse(args);
        await countCall(limits, 'admin-login', ipOf(ctx));
        const { token, session } = await adminLogin(app, input, ipOf(ctx));
        ctx.setCookie(adminCookie(token, cookieOptions(app.settings.adminSessionTtlMs)));
        return session;
      },
      adminLogout: async (_: unknown, __: Args, ctx: IdentityGraphqlContext) => {
        await adminLogout(app, ctx?.cookie ?? null, ipOf(ctx));
        ctx?.setCookie?.(adminCookie(null, cookieOptions(0)));
        return { success: true, message: 'Logged out' };
      },
      register: async (_: unknown, args: Args, ctx: IdentityGraphqlContext) => {
        const input = registerBodySchema.parse(args);
        await countCall(limits, 'register', ipOf(ctx), input.email || undefined);
        const { alreadyVerified, message, sessionToken } = await registerUser(app, input, deviceOf(ctx), signInSecretOf(ctx));
        return { alreadyVerified, message, sessionToken: sessionToken ?? null };
      },
      // A mutation is the caller's own explicit request (and the public edge takes it from this
      // site only), so it may replace the session it holds; a sign-in link still works only in
      // the browser that asked for it.
      verifyEmail: async (_: unknown, args: Args, ctx: IdentityGraphqlContext) => {
        const result = await verifyEmail(app, tokenQuerySchema.parse(args).token, {
          claim: cookieOf(ctx, 'citecheck_claim'),
          signInSecret: cookieOf(ctx, 'citecheck_signin'),
          sessionToken: tokenOf(ctx),
          replaceSession: true,
        });
        if (!result.success) throw new Error('verifyEmail: a replacing verification asked for a choice');
        return { sessionToken: result.sessionToken, name: result.user.name };
      },
      login: async (_: unknown, args: Args, ctx: IdentityGraphqlContext) => {
        const input = loginBodySchema.parse(args);
        // Per IP only; wrong passwords are slowed per account by the login throttle.
        await countCall(limits, 'login', ipOf(ctx));
        return login(app, input, ipOf(ctx), deviceOf(ctx), input.password ? null : signInSecretOf(ctx));
      },
      logout: async (_: unknown, __: Args, ctx: IdentityGraphqlContext) => {
        await logout(app, tokenOf(ctx), deviceOf(ctx));
        ctx?.setCookie?.('citecheck_device=; Path=/api; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax');
        return { success: true, message: 'Logged out' };
      },
      forgotPassword: async (_: unknown, args: Args, ctx: IdentityGraphqlContext) => {
        const input = forgotPasswordBodySchema.parse(args);
        await countCall(limits, 'forgot', ipOf(ctx), input.email || undefined);
        return forgotPassword(app, input);
      },
      resetPassword: async (_: unknown, args: Args, ctx: IdentityGraphqlContext) => {
        await countCall(limits, 'reset', ipOf(ctx));
        return resetPassword(app, resetPasswordBodySchema.parse(args));
      },
      deleteUser: (_: unknown, args: Args, ctx: IdentityGraphqlContext) => deleteUser(app, adminOf(ctx), String(args.id)),
      resendVerification: (_: unknown, args: Args, ctx: IdentityGraphqlContext) => resendVerification(app, adminOf(ctx), String(args.id)),
    },
    User: {
      __resolveReference: (reference: { id: string }, ctx: IdentityGraphqlContext) =>
        userById(app, { ...adminOf(ctx), sessionToken: tokenOf(ctx) }, reference.id),
    },
  };
}
