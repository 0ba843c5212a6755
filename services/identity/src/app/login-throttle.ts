/**
 * Failed password sign-ins slow the next attempt down, and never lock the owner out.
 *
 * A hard lock after N failures per account is a way for anyone to keep the owner out (type
 * their address with wrong passwords, forever); counting all calls per address was the same
 * thing. So failures are counted three ways, each with an exponential backoff rather than a
 * lock:
 * - per account and IP (after 5 failures a wait of 1 s, then 2 s, 4 s ... up to 15 minutes): guessing
 *   from one place gets slow fast;
 * - per IP across accounts (after 20, same growth): one place guessing many accounts;
 * - per account across IPs (after 10, up to 60 s): guessing from many places, short enough not to
 *   hold the owner for long, and skipped from an IP where this account signed in before, so the
 *   owner at their usual machine is not held at all.
 * A success clears the account-and-IP count. State is per process, like the other limiters.
 */
import type { Clock } from '@citecheck/platform';
import { emailKey } from '../domain/email';
import { tooManyRequests } from '../domain/errors';

interface Backoff {
  failures: number;
  /** Epoch ms before which another attempt is refused. */
  until: number;
  /** Epoch ms of the last failure; counts fade after a quiet hour. */
  last: number;
}

interface Rule {
  free: number;
  maxMs: number;
}

const PER_ACCOUNT_AND_IP: Rule = { free: 5, maxMs: 15 * 60_000 };
const PER_IP: Rule = { free: 20, maxMs: 15 * 60_000 };
const PER_ACCOUNT: Rule = { free: 10, maxMs: 60_000 };
const QUIET_MS = 60 * 60_000;
const MAX_KEYS = 50_000;

export class LoginThrottle {
  private readonly backoffs = new Map<string, Backoff>();
  /** account|ip pairs that signed in successfully: the owner's usual places. */
  private readonly known = new Set<string>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  /** Throws 429 when any count says the caller must wait. */
  check(email: string, ip: string | null): void {
    const now = this.clock.now().getTime();
    const { pair, byIp, account } = this.keys(email, ip);
    const waiting = (key: string) => (this.backoffs.get(key)?.until ?? 0) > now;
    if (waiting(pair) || waiting(byIp) || (!this.known.has(pair) && waiting(account))) throw tooManyRequests();
  }

  failed(email: string, ip: string | null): void {
    const { pair, byIp, account } = this.keys(email, ip);
    this.count(pair, PER_ACCOUNT_AND_IP);
    this.count(byIp, PER_IP);
    this.count(account, PER_ACCOUNT);
  }

  succeeded(email: string, ip: string | null): void {
    const { pair } = this.keys(email, ip);
    this.backoffs.delete(pair);
    if (this.known.size >= MAX_KEYS) this.known.clear();
    this.known.add(pair);
  }

  private keys(email: string, ip: string | null) {
    const account = `account:${emailKey(email)}`;
    return { account, byIp: `ip:${ip ?? 'unknown'}`, pair: `${account}|${ip ?? 'unknown'}` };
  }

  private count(key: string, rule: Rule): void {
    const now = this.clock.now().getTime();
    const previous = this.backoffs.get(key);
    const failures = previous && now - previous.last < QUIET_MS ? previous.failures + 1 : 1;
    const over = failures - rule.free + 1;
    const until = over > 0 ? now + Math.min(rule.maxMs, 1000 * 2 ** Math.min(over - 1, 20)) : 0;
    this.backoffs.delete(key);
    this.backoffs.set(key, { failures, until, last: now });
    // Oldest first in a Map: drop the stalest when full.
    while (this.backoffs.size > MAX_KEYS) this.backoffs.delete(this.backoffs.keys().next().value as string);
  }
}
