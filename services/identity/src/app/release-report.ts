/** Gives a reservation back when processing failed. Idempotent: a second call changes nothing. */
import type { IdentityContext } from './context';

export async function releaseReport(ctx: Pick<IdentityContext, 'users' | 'reservations'>, userId: string, reservationId: string): Promise<void> {
  const released = await ctx.reservations.release(reservationId, userId);
  if (!released) return;
  // Only into the period it was taken from: a new month has already started from zero.
  await ctx.users.giveReportBack(userId, released.periodStart);
}
