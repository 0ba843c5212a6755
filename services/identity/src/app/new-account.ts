/** Creating an account and mailing its verification link: shared by the three sign-ups. */
import { randomUUID } from 'node:crypto';
import { emailKey } from '../domain/email';
import { conflict, messages } from '../domain/errors';
import { PLAN_LIMITS } from '../domain/plans';
import type { User } from '../domain/user';
import { applyPlan } from './apply-subscription-change';
import { isoAt, type IdentityContext } from './context';
import { issueToken } from './one-time-tokens';
import { requestMail } from './publish';

export interface NewAccount {
  name: string;
  email: string;
  newsletterOptIn: boolean;
  passwordHash: string | null;
  /** A chosen id (an account created after payment reserves its id first); random otherwise. */
  id?: string;
}

/** A new free user; a plan bought before the account existed is applied at once. */
export async function createUser(ctx: Pick<IdentityContext, 'users' | 'pendingPlans' | 'publish' | 'clock'>, input: NewAccount): Promise<User> {
  const now = isoAt(ctx.clock);
  const user: User = {
    id: input.id ?? randomUUID(),
    name: input.name,
    email: input.email,
    emailKey: emailKey(input.email),
    isVerified: false,
    verifiedAt: null,
    userType: 'free',
    reportLimit: PLAN_LIMITS.free,
    reportsUsed: 0,
    periodStart: now,
    planStartedAt: now,
    planChangedAt: new Date(0).toISOString(),
    newsletterOptIn: input.newsletterOptIn,
    passwordHash: input.passwordHash,
    couponCode: null,
    couponAppliedAt: null,
    createdAt: now,
  };
  // Two sign-ups for one address at the same moment: the store's unique index decides.
  if (!(await ctx.users.add(user))) throw conflict(messages.alreadyRegistered, 'already_registered');
  await ctx.publish('user.registered', user.id, {
    userId: user.id,
    name: user.name,
    email: user.email,
    newsletterOptIn: user.newsletterOptIn,
    userType: user.userType,
    registeredAt: user.createdAt,
  });
  const pending = await ctx.pendingPlans.byEmailKey(user.emailKey);
  if (pending) {
    await applyPlan(ctx, user, pending.userType, pending.reportLimit, pending.changedAt);
    await ctx.pendingPlans.remove(pending.id);
    return (await ctx.users.byId(user.id)) ?? user;
  }
  return user;
}

export async function sendVerification(ctx: Pick<IdentityContext, 'tokens' | 'clock' | 'publish' | 'settings'>, user: User): Promise<void> {
  const token = await issueToken(ctx, 'verification', user.id);
  await requestMail(ctx.publish, user.email, 'verification', {
    name: user.name,
    link: `${ctx.settings.publicUrl}/verify-email?token=${token}`,
  });
}
