/**
 * Identity's use cases: registration, verification, sign-in, sessions, coupons, password
 * resets, report reservations, plan changes and the admin's user management. Transport-free:
 * routes and GraphQL resolvers call these methods; failures are ApiErrors with SPEC wording.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AuthenticatedUser, LimitReachedBody, ReserveReportResult, SubscriptionChanged, UserType } from '@citecheck/proto';
import { DuplicateKeyError, type Clock } from '@citecheck/platform';
import { checkAdmin, parseAdminBearer, type AdminConfig } from './domain/admin';
import { normalizeCouponCode, type Coupon } from './domain/coupons';
import { ADMIN_CSV_HEADER, periodAt, toAdminView, toCsvRow, type AdminUserView, type User } from './domain/user';
import { emailKey, isValidEmail } from './domain/email';
import { badRequest, conflict, forbidden, messages, notFound, unauthorized } from './domain/errors';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './domain/passwords';
import { isPaidPlan, PLAN_LIMITS } from './domain/plans';
import { RateLimiter } from './domain/rate-limit';
import { hashToken, looksLikeToken, newToken, RESET_TTL_MS, VERIFICATION_TTL_MS } from './domain/tokens';
import { toCsv } from './domain/csv';
import { requestMail, type Publish } from './events/publisher';
import type { IdentityCollections, TokenDoc, TokenKind } from './store/collections';

export interface AccountsSettings {
  publicUrl: string;
  coupons: Map<string, Coupon>;
  admin: AdminConfig;
  sessionTtlMs: number;
  /** How long after sign-up a coupon may be applied and its password set (coupon flow). */
  couponWindowMs: number;
  /** Failed admin sign-ins allowed per IP per window before admin calls answer 429. */
  adminFailureLimit: number;
  rateWindowMs: number;
}

export interface AccountsDeps {
  collections: IdentityCollections;
  publish: Publish;
  clock: Clock;
  logger: Logger;
  settings: AccountsSettings;
}

export interface PublicUser {
  name: string;
  email: string;
  userType: UserType;
}

export interface AuthStatus {
  isVerified: boolean;
  isAuthenticated: boolean;
  user: PublicUser | null;
}

export interface SessionResult {
  sessionToken: string;
  user: PublicUser;
  passwordSession: boolean;
}

export type AdminCheck = 'ok' | 'missing' | 'denied' | 'rate_limited' | 'not_configured';

/** Trimmed string from an untrusted body field; '' for anything that is not a string. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A password as typed: not trimmed (spaces are allowed characters), '' when absent. */
export function rawPassword(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function publicUser(user: User): PublicUser {
  return { name: user.name, email: user.email, userType: user.userType };
}

export class Accounts {
  private readonly c: IdentityCollections;
  private readonly adminFailures: RateLimiter;

  constructor(private readonly deps: AccountsDeps) {
    this.c = deps.collections;
    this.adminFailures = new RateLimiter({ limit: deps.settings.adminFailureLimit, windowMs: deps.settings.rateWindowMs }, deps.clock);
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private iso(offsetMs = 0): string {
    return new Date(this.now().getTime() + offsetMs).toISOString();
  }

  // ------------------------------------------------------------ sessions

  private async openSession(user: User, passwordSession: boolean): Promise<SessionResult> {
    const token = newToken();
    await this.c.sessions.insert({
      id: hashToken(token),
      userId: user.id,
      passwordSession,
      revoked: false,
      createdAt: this.iso(),
      expiresAt: this.iso(this.deps.settings.sessionTtlMs),
    });
    return { sessionToken: token, user: publicUser(user), passwordSession };
  }

  /** The user behind a session token, or null (unknown, expired, revoked, or user deleted). */
  async authenticate(sessionToken: string | null): Promise<AuthenticatedUser | null> {
    if (!looksLikeToken(sessionToken)) return null;
    const session = await this.c.sessions.get(hashToken(sessionToken));
    if (!session || session.revoked || session.expiresAt <= this.iso()) return null;
    // Looked up on every call, so a deleted user's sessions stop working at once.
    const user = await this.c.users.get(session.userId);
    if (!user) return null;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      isVerified: user.isVerified,
      userType: user.userType,
      reportLimit: user.reportLimit,
      passwordSession: session.passwordSession,
    };
  }

  async status(sessionToken: string | null): Promise<AuthStatus> {
    const user = await this.authenticate(sessionToken);
    if (!user) return { isVerified: false, isAuthenticated: false, user: null };
    return { isVerified: user.isVerified, isAuthenticated: true, user: { name: user.name, email: user.email, userType: user.userType } };
  }

  async logout(sessionToken: string | null): Promise<void> {
    if (!looksLikeToken(sessionToken)) return;
    await this.c.sessions.update(hashToken(sessionToken), { $set: { revoked: true } });
  }

  // ------------------------------------------------------------ one-time tokens

  private async issueToken(kind: TokenKind, userId: string): Promise<string> {
    const token = newToken();
    await this.c.tokens.insert({
      id: hashToken(token),
      kind,
      userId,
      used: false,
      createdAt: this.iso(),
      expiresAt: this.iso(kind === 'reset' ? RESET_TTL_MS : VERIFICATION_TTL_MS),
    });
    return token;
  }

  /** A token's state without using it up. */
  private async inspectToken(kind: TokenKind, token: string): Promise<{ state: 'ok' | 'invalid' | 'used' | 'expired'; doc?: TokenDoc }> {
    if (!looksLikeToken(token)) return { state: 'invalid' };
    const doc = await this.c.tokens.get(hashToken(token));
    if (!doc || doc.kind !== kind) return { state: 'invalid' };
    if (doc.used) return { state: 'used', doc };
    if (doc.expiresAt <= this.iso()) return { state: 'expired', doc };
    return { state: 'ok', doc };
  }

  /** Uses a token up; the conditional update makes a second, concurrent use fail. */
  private async consumeToken(kind: TokenKind, token: string): Promise<{ state: 'ok' | 'invalid' | 'used' | 'expired'; doc?: TokenDoc }> {
    const inspected = await this.inspectToken(kind, token);
    if (inspected.state !== 'ok' || !inspected.doc) return inspected;
    const used = await this.c.tokens.update(inspected.doc.id, { $set: { used: true } }, { used: false });
    return used ? { state: 'ok', doc: used } : { state: 'used', doc: inspected.doc };
  }

  private async sendVerification(user: User): Promise<void> {
    const token = await this.issueToken('verification', user.id);
    await requestMail(this.deps.publish, user.email, 'verification', {
      name: user.name,
      link: `${this.deps.settings.publicUrl}/verify-email?token=${token}`,
    });
  }

  // ------------------------------------------------------------ registration

  private async findByEmail(email: string): Promise<User | null> {
    return this.c.users.findOne({ emailKey: emailKey(email) });
  }

  private async createUser(input: { name: string; email: string; newsletterOptIn: boolean; passwordHash: string | null }): Promise<User> {
    const now = this.iso();
    const user: User = {
      id: randomUUID(),
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
    try {
      await this.c.users.insert(user);
    } catch (error) {
      // Two sign-ups for one address at the same moment: the unique emailKey index decides.
      if (error instanceof DuplicateKeyError) throw conflict(messages.alreadyRegistered, 'already_registered');
      throw error;
    }
    await this.deps.publish('user.registered', user.id, {
      userId: user.id,
      name: user.name,
      email: user.email,
      newsletterOptIn: user.newsletterOptIn,
      userType: user.userType,
      registeredAt: user.createdAt,
    });
    // A plan bought before the account existed is applied now.
    const pending = await this.c.pendingPlans.get(user.emailKey);
    if (pending) {
      await this.applyPlan(user, pending.userType, pending.reportLimit, pending.changedAt);
      await this.c.pendingPlans.delete(pending.id);
      return (await this.c.users.get(user.id)) ?? user;
    }
    return user;
  }

  /**
   * POST /api/auth/register (the registration dialog): creates or finds the user. A verified
   * address is signed in at once ('Welcome back!'); an unverified one gets a fresh link.
   */
  async register(
    body: Record<string, unknown>,
  ): Promise<{ alreadyVerified: boolean; message: string; sessionToken?: string; user?: { name: string }; signInClaim?: string }> {
    const name = text(body.name);
    const email = text(body.email);
    if (!name || !email) throw badRequest(messages.missingRegistrationFields, 'missing_fields');
    if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
    let user = await this.findByEmail(email);
    if (user?.isVerified) {
      // Free accounts sign in with their e-mail alone (SPEC section 5); a paid account gets a
      // session without password rights, so its documents still ask for the password.
      const session = await this.openSession(user, false);
      return { alreadyVerified: true, message: messages.welcomeBack, sessionToken: session.sessionToken, user: { name: user.name } };
    }
    if (!user) {
      try {
        user = await this.createUser({ name, email, newsletterOptIn: body.newsletterOptIn === true, passwordHash: null });
      } catch (error) {
        const raced = await this.findByEmail(email);
        if (!raced) throw error;
        user = raced;
      }
    }
    await this.sendVerification(user);
    return { alreadyVerified: false, message: messages.checkEmail, signInClaim: await this.issueToken('claim', user.id) };
  }

  /** POST /api/register/free: a new free account; an address already registered is refused. */
  async registerFree(body: Record<string, unknown>): Promise<{ success: true; message: string; signInClaim: string }> {
    const name = text(body.name);
    const email = text(body.email);
    if (!name || !email) throw badRequest(messages.missingFreeFields, 'missing_fields');
    if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
    if (await this.findByEmail(email)) throw conflict(messages.alreadyRegistered, 'already_registered');
    const user = await this.createUser({ name, email, newsletterOptIn: body.newsletterOptIn === true, passwordHash: null });
    await this.sendVerification(user);
    return { success: true, message: messages.checkEmail, signInClaim: await this.issueToken('claim', user.id) };
  }

  /**
   * POST /api/register/paid: only meaningful after payment. Billing (a later issue) owns the
   * payment; identity creates the account as free with its password, and billing upgrades it
   * by publishing `subscription.changed` once the payment is confirmed. A payment confirmed
   * before this call is kept as a pending plan and applied when the account is created.
   */
  async registerPaid(body: Record<string, unknown>): Promise<{ success: true; message: string }> {
    const name = text(body.name);
    const email = text(body.email);
    const password = rawPassword(body.password);
    if (!name || !email || !password) throw badRequest(messages.missingFreeFields, 'missing_fields');
    if (!isValidEmail(email)) throw badRequest(messages.invalidEmail, 'invalid_email');
    if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordTooShortSetup, 'password_too_short');
    if (await this.findByEmail(email)) throw conflict(messages.alreadyRegistered, 'already_registered');
    const user = await this.createUser({ name, email, newsletterOptIn: body.newsletterOptIn === true, passwordHash: await hashPassword(password) });
    await this.sendVerification(user);
    return { success: true, message: messages.checkEmail };
  }

  // ------------------------------------------------------------ verification and sign-in

  /** GET /api/verify-email?token=: single use, 24 hours; signs the user in. */
  async verifyEmail(token: string): Promise<{ success: true; user: { name: string }; sessionToken: string }> {
    if (!token) throw badRequest(messages.verificationMissing, 'invalid_link');
    const result = await this.consumeToken('verification', token);
    if (result.state === 'expired') throw badRequest(messages.verificationExpired, 'link_expired');
    if (result.state === 'used') throw badRequest(messages.verificationUsed, 'link_used');
    if (result.state !== 'ok' || !result.doc) throw badRequest(messages.verificationFailed, 'invalid_link');
    let user = await this.c.users.get(result.doc.userId);
    if (!user) throw badRequest(messages.verificationFailed, 'invalid_link');
    const verifiedAt = this.iso();
    // Conditional on isVerified=false: two links clicked at once verify (and welcome) once.
    const verified = await this.c.users.update(user.id, { $set: { isVerified: true, verifiedAt } }, { isVerified: false });
    if (verified) {
      user = verified;
      await this.deps.publish('user.verified', user.id, { userId: user.id, email: user.email, verifiedAt });
      await requestMail(this.deps.publish, user.email, 'welcome', { name: user.name });
    }
    const session = await this.openSession(user, false);
    return { success: true, user: { name: user.name }, sessionToken: session.sessionToken };
  }

  /**
   * POST /api/auth/claim: the browser that registered, still waiting for the address to be
   * verified (perhaps on another device), asks whether it may go on. Once the owner has opened
   * the link, the claim it was given at registration opens a session, once; a session without
   * password rights, like 'Welcome back!'. The claim is an httpOnly cookie of that browser, so
   * it proves this is where the registration was made.
   */
  async claimSession(claim: string | null): Promise<{ verified: false; expired?: true } | { verified: true; sessionToken: string; user: { name: string } }> {
    const inspected = await this.inspectToken('claim', claim ?? '');
    if (inspected.state !== 'ok' || !inspected.doc) return { verified: false, expired: true };
    const user = await this.c.users.get(inspected.doc.userId);
    if (!user) return { verified: false, expired: true };
    if (!user.isVerified) return { verified: false };
    const used = await this.consumeToken('claim', claim ?? '');
    if (used.state !== 'ok') return { verified: false, expired: true };
    const session = await this.openSession(user, false);
    return { verified: true, sessionToken: session.sessionToken, user: { name: user.name } };
  }

  /**
   * POST /api/auth/login. Free accounts sign in with their e-mail alone; premium and
   * enterprise accounts with a correct password get a password session, and without one a
   * plain session whose documents call answers PASSWORD_REQUIRED. Only verified addresses.
   */
  async login(body: Record<string, unknown>): Promise<SessionResult & { requiresPassword: boolean }> {
    const email = text(body.email);
    const password = rawPassword(body.password);
    if (!email) throw badRequest(messages.emailRequired, 'missing_email');
    const user = await this.findByEmail(email);
    if (!user) throw unauthorized(messages.badCredentials, 'invalid_credentials');
    if (!user.isVerified) throw forbidden(messages.notVerified, 'email_not_verified');
    let passwordSession = false;
    if (password) {
      if (user.passwordHash) {
        if (!(await verifyPassword(password, user.passwordHash))) throw unauthorized(messages.badCredentials, 'invalid_credentials');
        passwordSession = true;
      } else if (isPaidPlan(user.userType)) {
        // A paid account without a password yet: a typed password cannot be right.
        throw unauthorized(messages.badCredentials, 'invalid_credentials');
      }
      // A free account without a password ignores a typed one: it signs in by e-mail.
    }
    const session = await this.openSession(user, passwordSession);
    return { ...session, requiresPassword: isPaidPlan(user.userType) && !passwordSession };
  }

  // ------------------------------------------------------------ coupons

  /**
   * POST /api/apply-coupon, the second of the coupon sign-up's three calls (free register,
   * apply coupon, set password). The calls carry no session, only the e-mail, so a coupon may
   * only be applied to an account created moments ago and not yet verified: otherwise anyone
   * could upgrade a stranger's account and then set its password.
   */
  async applyCoupon(body: Record<string, unknown>): Promise<{ success: true; message: string; userType: UserType; reportLimit: number }> {
    const email = text(body.email);
    const code = normalizeCouponCode(text(body.couponCode));
    if (!email || !code) throw badRequest(messages.couponFieldsRequired, 'missing_fields');
    const coupon = this.deps.settings.coupons.get(code);
    if (!coupon) throw badRequest(messages.couponInvalid, 'invalid_coupon');
    const user = await this.findByEmail(email);
    if (!user) throw notFound(messages.accountNotFound, 'account_not_found');
    if (user.couponCode === code) {
      // The same call again (a retried request): already applied, no second use counted.
      return { success: true, message: 'Coupon applied', userType: user.userType, reportLimit: user.reportLimit };
    }
    if (user.couponCode || isPaidPlan(user.userType)) throw conflict(messages.couponAlreadyUsed, 'coupon_already_applied');
    if (user.isVerified || !this.withinCouponWindow(user.createdAt)) throw forbidden(messages.couponNewAccountsOnly, 'coupon_not_allowed');
    if (!(await this.takeCouponUse(coupon))) throw badRequest(messages.couponExhausted, 'coupon_exhausted');
    const now = this.iso();
    const updated = await this.c.users.update(
      user.id,
      {
        $set: {
          couponCode: code,
          couponAppliedAt: now,
          userType: coupon.plan,
          reportLimit: PLAN_LIMITS[coupon.plan],
          reportsUsed: 0,
          periodStart: now,
          planStartedAt: now,
        },
      },
      // Two different coupons applied at once: the first turns the account paid, the second fails.
      { couponCode: null, userType: 'free' },
    );
    if (!updated) {
      // Another apply won the race: give the use back.
      await this.c.couponUses.update(coupon.code, { $inc: { uses: -1 } });
      throw conflict(messages.couponAlreadyUsed, 'coupon_already_applied');
    }
    return { success: true, message: 'Coupon applied', userType: updated.userType, reportLimit: updated.reportLimit };
  }

  private withinCouponWindow(since: string | null): boolean {
    if (!since) return false;
    return this.now().getTime() - new Date(since).getTime() <= this.deps.settings.couponWindowMs;
  }

  /** Counts one redemption atomically; false when the coupon's use limit is reached. */
  private async takeCouponUse(coupon: Coupon): Promise<boolean> {
    if (!(await this.c.couponUses.get(coupon.code))) {
      try {
        await this.c.couponUses.insert({ id: coupon.code, uses: 0 });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    const condition = coupon.useLimit === null ? undefined : { uses: { $lt: coupon.useLimit } };
    return (await this.c.couponUses.update(coupon.code, { $inc: { uses: 1 } }, condition)) !== null;
  }

  /**
   * POST /api/set-coupon-password: the coupon sign-up's last call. Allowed once, on an
   * account whose coupon was applied within the coupon window and that has no password yet.
   */
  async setCouponPassword(body: Record<string, unknown>): Promise<{ success: true; message: string }> {
    const email = text(body.email);
    const password = rawPassword(body.password);
    if (!email || !password) throw badRequest(messages.missingFreeFields, 'missing_fields');
    if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordTooShortSetup, 'password_too_short');
    const user = await this.findByEmail(email);
    if (!user || !user.couponCode || user.passwordHash || !this.withinCouponWindow(user.couponAppliedAt)) {
      throw forbidden(messages.passwordSetupFailed, 'password_setup_not_allowed');
    }
    const passwordHash = await hashPassword(password);
    // Conditional on the coupon still being the one checked above (and, in effect, on no
    // password having been set in between: set-coupon-password is the only other writer).
    const updated = await this.c.users.update(user.id, { $set: { passwordHash } }, { couponCode: user.couponCode, passwordHash: user.passwordHash });
    if (!updated) throw forbidden(messages.passwordSetupFailed, 'password_setup_not_allowed');
    return { success: true, message: 'Password set. Verify your email address, then sign in with your password.' };
  }

  // ------------------------------------------------------------ password reset

  /** POST /api/auth/forgot-password: the same answer whether or not the address exists. */
  async forgotPassword(body: Record<string, unknown>): Promise<{ success: true; message: string }> {
    const email = text(body.email);
    if (!email) throw badRequest(messages.emailRequired, 'missing_email');
    const user = isValidEmail(email) ? await this.findByEmail(email) : null;
    if (user) {
      const token = await this.issueToken('reset', user.id);
      await requestMail(this.deps.publish, user.email, 'password-reset', {
        name: user.name,
        link: `${this.deps.settings.publicUrl}/reset-password?token=${token}`,
      });
    }
    return { success: true, message: messages.resetSent };
  }

  /** GET /api/auth/verify-reset-token: checks without using the token up. */
  async checkResetToken(token: string): Promise<{ valid: true; name: string } | { valid: false; error: string }> {
    const { state, doc } = await this.inspectToken('reset', token);
    const user = state === 'ok' && doc ? await this.c.users.get(doc.userId) : null;
    return user ? { valid: true, name: user.name } : { valid: false, error: messages.invalidResetToken };
  }

  /** POST /api/auth/reset-password: single use, 1 hour; signs out every existing session. */
  async resetPassword(body: Record<string, unknown>): Promise<{ success: true; message: string }> {
    const token = text(body.token);
    const password = rawPassword(body.password);
    if (!password) throw badRequest(messages.passwordFieldsRequired, 'missing_fields');
    // Length first, so a too-short password does not burn the link.
    if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(messages.passwordTooShortReset, 'password_too_short');
    const { state, doc } = await this.consumeToken('reset', token);
    if (state !== 'ok' || !doc) throw badRequest(messages.invalidResetToken, messages.invalidResetToken);
    const passwordHash = await hashPassword(password);
    const user = await this.c.users.update(doc.userId, { $set: { passwordHash } });
    if (!user) throw badRequest(messages.invalidResetToken, messages.invalidResetToken);
    // Whoever knew the old password must not stay signed in.
    await this.c.sessions.updateMany({ userId: user.id, revoked: false }, { $set: { revoked: true } });
    return { success: true, message: messages.resetDone };
  }

  // ------------------------------------------------------------ report limits

  async reportUsage(userId: string): Promise<{ reportLimit: number; reportsUsed: number }> {
    const user = await this.c.users.get(userId);
    if (!user) throw unauthorized();
    // A paid plan whose month has turned shows the new month's zero, even before its next report.
    const used = periodAt(user, this.now()) === user.periodStart ? user.reportsUsed : 0;
    return { reportLimit: user.reportLimit, reportsUsed: used };
  }

  private limitBody(user: User): LimitReachedBody {
    return {
      limitReached: true,
      message: messages.reportLimitReached,
      error: 'limit_reached',
      reportsUsed: user.reportsUsed,
      reportLimit: user.reportLimit,
      userType: user.userType,
    };
  }

  /**
   * Takes one report from the user's limit. The increment is a conditional update
   * (`reportsUsed < reportLimit`, same period, same limit), so concurrent uploads can never
   * overshoot; a lost race re-reads and tries again.
   */
  async reserveReport(userId: string): Promise<ReserveReportResult> {
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const user = await this.c.users.get(userId);
      if (!user) throw notFound(messages.userNotFound, 'user_not_found');
      const period = periodAt(user, this.now());
      if (period !== user.periodStart) {
        // A new month for a paid plan: one caller resets the counter, the others re-read.
        await this.c.users.update(user.id, { $set: { periodStart: period, reportsUsed: 0 } }, { periodStart: user.periodStart });
        continue;
      }
      if (user.reportsUsed >= user.reportLimit) return { ok: false, body: this.limitBody(user) };
      const updated = await this.c.users.update(
        user.id,
        { $inc: { reportsUsed: 1 } },
        { periodStart: user.periodStart, reportLimit: user.reportLimit, reportsUsed: { $lt: user.reportLimit } },
      );
      if (!updated) continue;
      const reservationId = randomUUID();
      await this.c.reservations.insert({ id: reservationId, userId, periodStart: updated.periodStart, status: 'held', createdAt: this.iso() });
      return { ok: true, reservationId, reportsUsed: updated.reportsUsed, reportLimit: updated.reportLimit };
    }
    throw new Error(`report reservation for user ${userId} kept losing races`);
  }

  /** Gives a reservation back (processing failed). Idempotent: a second call changes nothing. */
  async releaseReport(userId: string, reservationId: string): Promise<void> {
    const released = await this.c.reservations.update(reservationId, { $set: { status: 'released' } }, { status: 'held', userId });
    if (!released) return;
    // Only into the period it was taken from: a new month has already started from zero.
    await this.c.users.update(userId, { $inc: { reportsUsed: -1 } }, { periodStart: released.periodStart, reportsUsed: { $gt: 0 } });
  }

  // ------------------------------------------------------------ plan changes (billing)

  private async applyPlan(user: User, userType: UserType, reportLimit: number, changedAt: string): Promise<void> {
    if (changedAt <= user.planChangedAt) return; // a repeated or older change: already applied
    const change: Partial<User> = { userType, reportLimit, planChangedAt: changedAt };
    if (userType !== user.userType) {
      // A new plan starts a new period with nothing used; a changed limit alone keeps the count.
      Object.assign(change, { reportsUsed: 0, periodStart: changedAt, planStartedAt: changedAt });
    }
    await this.c.users.update(user.id, { $set: change }, { planChangedAt: user.planChangedAt });
  }

  /** Consumer of `subscription.changed`. */
  async applySubscriptionChange(event: SubscriptionChanged): Promise<void> {
    const user = (event.userId ? await this.c.users.get(event.userId) : null) ?? (await this.findByEmail(event.email));
    if (user) {
      await this.applyPlan(user, event.userType, event.reportLimit, event.changedAt);
      return;
    }
    // Paid before the account exists: keep the plan until the account is created.
    const pending = { id: emailKey(event.email), userType: event.userType, reportLimit: event.reportLimit, changedAt: event.changedAt };
    const existing = await this.c.pendingPlans.get(pending.id);
    if (!existing) {
      try {
        await this.c.pendingPlans.insert(pending);
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    await this.c.pendingPlans.update(pending.id, { $set: pending }, { changedAt: { $lt: pending.changedAt } });
  }

  // ------------------------------------------------------------ admin

  /**
   * Checks the admin bearer. Failed attempts are counted per IP; past the limit every admin
   * call from that IP answers 429 for the rest of the window, right password or not.
   */
  async checkAdmin(authorization: string | null, ip: string | null): Promise<AdminCheck> {
    const key = `admin:${ip ?? 'unknown'}`;
    const { admin } = this.deps.settings;
    if (this.adminFailures.isBlocked(key)) return 'rate_limited';
    const credentials = parseAdminBearer(authorization);
    if (!admin.email || !admin.passwordHash) {
      if (credentials) this.deps.logger.warn({ ip }, 'admin call refused: no admin configured (ADMIN_EMAIL, ADMIN_PASSWORD_HASH)');
      return 'not_configured';
    }
    if (!credentials) return 'missing';
    if (await checkAdmin(credentials, admin)) return 'ok';
    this.adminFailures.hit(key);
    // The e-mail tried is logged to spot guessing; the password never is.
    this.deps.logger.warn({ ip, email: credentials.email }, 'admin authentication failed');
    return 'denied';
  }

  async isAdmin(authorization: string | null, ip: string | null): Promise<boolean> {
    return (await this.checkAdmin(authorization, ip)) === 'ok';
  }

  async listUsers(): Promise<AdminUserView[]> {
    const users = await this.c.users.find({}, { sort: { createdAt: -1 } });
    return users.map(toAdminView);
  }

  async usersCsv(): Promise<string> {
    return toCsv(ADMIN_CSV_HEADER, (await this.listUsers()).map(toCsvRow));
  }

  async deleteUser(id: string): Promise<{ success: true; message: string }> {
    const user = await this.c.users.get(id);
    if (!user) throw notFound(messages.userNotFound, 'user_not_found');
    await this.c.users.delete(id);
    // authenticate() already refuses sessions of a missing user; these deletes free the space.
    await this.c.sessions.deleteMany({ userId: id });
    await this.c.tokens.deleteMany({ userId: id });
    await this.c.reservations.deleteMany({ userId: id });
    await this.deps.publish('user.deleted', id, { userId: id, email: user.email, deletedAt: this.iso() });
    return { success: true, message: 'User Deleted' };
  }

  async resendVerification(id: string): Promise<{ success: true; message: string }> {
    const user = await this.c.users.get(id);
    if (!user) throw notFound(messages.userNotFound, 'user_not_found');
    if (user.isVerified) throw badRequest(messages.alreadyVerified, 'already_verified');
    await this.sendVerification(user);
    return { success: true, message: 'Verification Email Sent' };
  }
}
