/**
 * Takes one report from the user's limit when an upload begins (ingest asks). The increment is
 * conditional (reports used under the limit, same period, same limit), so concurrent uploads
 * can never overshoot; a lost race re-reads and tries again. While billing says the
 * subscription's last payment failed, nothing is taken: the answer is 'Payment Required'.
 */
import { randomUUID } from 'node:crypto';
import type { LimitReachedBody, PaymentRequiredBody, ReserveReportResult } from '@citecheck/proto';
import { messages, notFound } from '../domain/errors';
import { periodAt, type User } from '../domain/user';
import { isoAt, type IdentityContext } from './context';

function limitBody(user: User): LimitReachedBody {
  return {
    limitReached: true,
    message: messages.reportLimitReached,
    error: 'limit_reached',
    reportsUsed: user.reportsUsed,
    reportLimit: user.reportLimit,
    userType: user.userType,
  };
}

function paymentRequiredBody(user: User): PaymentRequiredBody {
  return { paymentRequired: true, message: messages.paymentRequired, error: 'payment_required', userType: user.userType };
}

export async function reserveReport(ctx: Pick<IdentityContext, 'users' | 'reservations' | 'clock'>, userId: string): Promise<ReserveReportResult> {
  for (let attempt = 0; attempt < 25; attempt += 1) {
    const user = await ctx.users.byId(userId);
    if (!user) throw notFound(messages.userNotFound, 'user_not_found');
    // A paid plan whose renewal failed keeps its plan but takes no report until it is paid.
    if (user.paymentRequired) return { ok: false, body: paymentRequiredBody(user) };
    const period = periodAt(user, ctx.clock.now());
    if (period !== user.periodStart) {
      // A new month for a paid plan: one caller resets the counter, the others re-read.
      await ctx.users.startPeriod(user.id, user.periodStart, period);
      continue;
    }
    if (user.reportsUsed >= user.reportLimit) return { ok: false, body: limitBody(user) };
    const updated = await ctx.users.takeReport(user);
    if (!updated) continue;
    const reservationId = randomUUID();
    await ctx.reservations.hold({ id: reservationId, userId, periodStart: updated.periodStart, status: 'held', createdAt: isoAt(ctx.clock) });
    return { ok: true, reservationId, reportsUsed: updated.reportsUsed, reportLimit: updated.reportLimit };
  }
  throw new Error(`report reservation for user ${userId} kept losing races`);
}
