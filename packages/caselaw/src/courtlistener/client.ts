/**
 * HTTP to CourtListener's REST API v4: token auth, timeouts, retries with backoff on 5xx and
 * network errors, and waiting out HTTP 429 until its `wait_until`. Every request, retries
 * included, is paced within the token's request limit (CourtListener allows 5,000 an hour),
 * shared by every process using the token when a shared quota is given: quotation checks fetch
 * a cluster and each of its opinions, and the name search pages through results, so the
 * citation throttle alone would let a long brief run into 429s. Counts every call, because the
 * product reports case-law calls per document.
 */
import type { Clock, SharedQuota } from './throttle';
import { CitationThrottle, systemClock } from './throttle';

/** CourtListener's request limit per token: 5,000 an hour, kept a little under (83 a minute). */
export const DEFAULT_REQUESTS_PER_MINUTE = 80;

export interface ClientOptions {
  /** API host, default https://www.courtlistener.com (COURTLISTENER_URL). */
  baseUrl?: string;
  token: string;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Retries after a 5xx, timeout or network error (default 3). */
  retries?: number;
  /** First backoff delay, doubled per retry (default 1 s). */
  backoffMs?: number;
  /** Longest we accept to wait for a 429's `wait_until` (default 10 min); beyond it the call fails. */
  maxWaitMs?: number;
  clock?: Clock;
  /** Requests per minute, every endpoint and retry (default 80: CourtListener's 5,000 an hour). */
  requestsPerMinute?: number;
  /** The request budget shared with the other processes using this token (validation's replicas). */
  sharedRequestQuota?: SharedQuota;
  /** Told the outcome of every HTTP call, retries included (the service's metrics). */
  onCall?(outcome: 'ok' | 'throttled' | 'error' | 'unavailable'): void;
}

/** The API answered with an error status we do not retry (or retried in vain). */
export class CourtListenerHttpError extends Error {
  override name = 'CourtListenerHttpError';
  constructor(
    readonly status: number,
    readonly body: string,
    readonly path: string,
  ) {
    super(`CourtListener ${path} answered HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/** Timeouts and network failures, after the retries. */
export class CourtListenerUnavailableError extends Error {
  override name = 'CourtListenerUnavailableError';
}

export class CourtListenerClient {
  readonly baseUrl: string;
  private readonly token: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxWaitMs: number;
  private readonly clock: Clock;
  private readonly onCall: NonNullable<ClientOptions['onCall']>;
  private readonly pace: CitationThrottle;
  private count = 0;

  constructor(options: ClientOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://www.courtlistener.com').replace(/\/+$/, '');
    this.token = options.token;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 3;
    this.backoffMs = options.backoffMs ?? 1000;
    this.maxWaitMs = options.maxWaitMs ?? 600_000;
    this.clock = options.clock ?? systemClock;
    this.onCall = options.onCall ?? (() => undefined);
    this.pace = new CitationThrottle(options.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE, this.clock, options.sharedRequestQuota);
  }

  /** HTTP requests sent so far, retries included. */
  get calls(): number {
    return this.count;
  }

  getJson<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  postForm<T>(path: string, form: Record<string, string>): Promise<T> {
    return this.request<T>('POST', path, new URLSearchParams(form).toString());
  }

  private async request<T>(method: string, path: string, body?: string): Promise<T> {
    let failures = 0;
    let waits = 0;
    for (;;) {
      let res: Response;
      await this.pace.acquire(1);
      try {
        this.count++;
        res = await fetch(`${this.baseUrl}${path}`, {
          method,
          body,
          headers: {
            Authorization: `Token ${this.token}`,
            Accept: 'application/json',
            ...(body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (err) {
        this.onCall('unavailable');
        if (failures++ < this.retries) {
          await this.clock.sleep(this.backoffMs * 2 ** (failures - 1));
          continue;
        }
        const e = err as Error;
        throw new CourtListenerUnavailableError(`CourtListener ${path}: ${e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : e.message}`);
      }
      this.onCall(res.ok ? 'ok' : res.status === 429 ? 'throttled' : 'error');
      if (res.ok) return (await res.json()) as T;
      const text = await res.text().catch(() => '');
      if (res.status === 429 && waits++ < 5) {
        const waitMs = waitUntil(text, res.headers.get('retry-after'), this.clock.now());
        if (waitMs <= this.maxWaitMs) {
          await this.clock.sleep(waitMs);
          continue;
        }
      }
      if (res.status >= 500 && failures++ < this.retries) {
        await this.clock.sleep(this.backoffMs * 2 ** (failures - 1));
        continue;
      }
      throw new CourtListenerHttpError(res.status, text, path);
    }
  }
}

/** How long a 429 asks us to wait: its JSON `wait_until`, else Retry-After, else a minute. */
function waitUntil(body: string, retryAfter: string | null, now: number): number {
  try {
    const until = Date.parse((JSON.parse(body) as { wait_until?: string }).wait_until ?? '');
    if (!Number.isNaN(until)) return Math.max(0, until - now);
  } catch {
    // not JSON: fall through
  }
  if (retryAfter && /^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
  return 60_000;
}
