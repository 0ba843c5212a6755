/**
 * Failed password sign-ins slow the next attempt down, and never lock the owner out.
 *
 * A hard lock after N failures per account is a way for anyone to keep the owner out (type
 * their address with wrong passwords, forever); counting all calls per address was the same
 * thing. So failures are counted three ways, each with an exponential backoff rather than a
 * lock (domain/login-backoff.ts):
 * - per account and IP (after 5 failures a wait of 1 s, then 2 s, 4 s ... up to 15 minutes): guessing
 *   from one place gets slow fast;
 * - per IP across accounts (after 20, same growth): one place guessing many accounts;
 * - per account across IPs (after 10, up to 60 s): guessing from many places, short enough not to
 *   hold the owner for long, and skipped from an IP where this account signed in before, so the
 *   owner at their usual machine is not held at all.
 * A success clears the account-and-IP count.
 *
 * The counts live in this process in embedded mode and in the store in distributed mode, where
 * every replica must see the same counts (store/login-backoffs.ts). When the store fails the
 * throttle neither refuses every sign-in (a database hiccup would lock every user out) nor
 * stops counting (a guesser could time attempts to an outage): it counts in this process until
 * the store answers again, the per-replica protection there was before the counts were shared,
 * and logs the outage as an error once.
 */
import type { Clock, LimitLogger } from '@citecheck/platform';
import { PER_ACCOUNT, PER_ACCOUNT_AND_IP, PER_IP } from '../domain/login-backoff';
import { emailKey } from '../domain/email';
import { tooManyRequests } from '../domain/errors';
import { memoryLoginBackoffs, type LoginBackoffRepository } from '../store/login-backoffs';

export class LoginThrottle {
  private readonly local = memoryLoginBackoffs();
  private degraded = false;

  /** `shared`: the store's counts (distributed mode); without it the counts are this process's. */
  constructor(
    private readonly clock: Pick<Clock, 'now'>,
    private readonly shared: LoginBackoffRepository | null = null,
    private readonly logger?: LimitLogger,
  ) {}

  /** Throws 429 when any count says the caller must wait. */
  async check(email: string, ip: string | null): Promise<void> {
    const now = this.clock.now().getTime();
    const { pair, byIp, account } = this.keys(email, ip);
    const waiting = await this.counts(async (book) => {
      const [waits, known] = await Promise.all([book.waits([pair, byIp, account]), book.isKnownPlace(pair)]);
      const held = (key: string) => (waits.get(key) ?? 0) > now;
      return held(pair) || held(byIp) || (!known && held(account));
    });
    if (waiting) throw tooManyRequests();
  }

  async failed(email: string, ip: string | null): Promise<void> {
    const now = this.clock.now().getTime();
    const { pair, byIp, account } = this.keys(email, ip);
    await this.counts(async (book) => {
      await book.fail(pair, PER_ACCOUNT_AND_IP, now);
      await book.fail(byIp, PER_IP, now);
      await book.fail(account, PER_ACCOUNT, now);
    });
  }

  async succeeded(email: string, ip: string | null): Promise<void> {
    const now = this.clock.now().getTime();
    const { pair } = this.keys(email, ip);
    await this.counts(async (book) => {
      await book.clear(pair);
      await book.rememberPlace(pair, now);
    });
  }

  private keys(email: string, ip: string | null) {
    const account = `account:${emailKey(email)}`;
    return { account, byIp: `ip:${ip ?? 'unknown'}`, pair: `${account}|${ip ?? 'unknown'}` };
  }

  /** Runs `work` on the shared counts, or on this process's while there are none or they fail. */
  private async counts<R>(work: (book: LoginBackoffRepository) => Promise<R>): Promise<R> {
    if (!this.shared) return work(this.local);
    try {
      const result = await work(this.shared);
      if (this.degraded) {
        this.degraded = false;
        this.logger?.info({}, 'sign-in throttle store answers again: counting shared');
      }
      return result;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.logger?.error({ err: error }, 'sign-in throttle store failed: counting in this process until it answers');
      }
      return work(this.local);
    }
  }
}
