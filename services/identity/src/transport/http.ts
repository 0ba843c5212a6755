/** What identity's REST routes share: the body, the caller's session token and admin credentials. */
import type { Context } from 'koa';
import { sessionTokenFrom } from '@citecheck/proto';
import type { AdminCaller } from '../app/check-admin';

/** The JSON body, or {} when there is none or it is not an object. */
export function bodyOf(ctx: Context): Record<string, unknown> {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function sessionTokenOf(ctx: Context): string | null {
  return sessionTokenFrom(ctx.get('authorization') || null, ctx.get('cookie') || null);
}

export function adminCallerOf(ctx: Context): AdminCaller {
  return { authorization: ctx.get('authorization') || null, cookie: ctx.get('cookie') || null, ip: ctx.ip };
}
