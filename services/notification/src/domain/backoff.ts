/**
 * Retry schedule for mail delivery: exponential backoff from `baseMs`, capped at `maxMs`,
 * with up to 20% random jitter so a provider outage does not end in a synchronized burst.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** Delay before attempt `attempt + 1` after `attempt` failed attempts (attempt >= 1). */
export function retryDelayMs(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const exponential = options.baseMs * 2 ** Math.max(0, attempt - 1);
  const capped = Math.min(exponential, options.maxMs);
  return Math.round(capped * (1 + 0.2 * random()));
}
