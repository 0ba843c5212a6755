/**
 * The arithmetic of sign-in backoff (app/login-throttle.ts says why it is a backoff and not a
 * lock): how long a count of failures makes the next attempt wait, and when a count fades.
 */

export interface Backoff {
  failures: number;
  /** Epoch ms before which another attempt is refused (0: none). */
  until: number;
  /** Epoch ms of the last failure; counts fade after a quiet hour. */
  last: number;
}

export interface BackoffRule {
  /** Failures allowed before any wait. */
  free: number;
  /** The longest wait. */
  maxMs: number;
}

/** After 5 failures a wait of 1 s, then 2 s, 4 s ... up to 15 minutes. */
export const PER_ACCOUNT_AND_IP: BackoffRule = { free: 5, maxMs: 15 * 60_000 };
export const PER_IP: BackoffRule = { free: 20, maxMs: 15 * 60_000 };
export const PER_ACCOUNT: BackoffRule = { free: 10, maxMs: 60_000 };
/** A count with no failure for this long starts again from nothing. */
export const QUIET_MS = 60 * 60_000;

/** Whether a count last failed at `last` still goes on at `now`. */
export function stillCounting(last: number, now: number): boolean {
  return now - last < QUIET_MS;
}

/** When the next attempt may come after the `failures`-th failure at `now` (0: at once). */
export function waitUntil(failures: number, rule: BackoffRule, now: number): number {
  const over = failures - rule.free + 1;
  return over > 0 ? now + Math.min(rule.maxMs, 1000 * 2 ** Math.min(over - 1, 20)) : 0;
}

/** The count after one more failure at `now`. */
export function afterFailure(previous: Backoff | undefined, rule: BackoffRule, now: number): Backoff {
  const failures = previous && stillCounting(previous.last, now) ? previous.failures + 1 : 1;
  return { failures, until: waitUntil(failures, rule, now), last: now };
}
