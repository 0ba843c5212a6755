/**
 * How long a bus keeps retrying a failing handler before it parks the message in
 * `<topic>.dlq`: the same rule for the Kafka bus and the embedded one.
 *
 * A budget of attempts alone (8 attempts doubling from 500 ms) is spent in about a minute,
 * shorter than a MongoDB election with a slow client, a broker restart or a case-law source's
 * bad quarter of an hour, so in distributed mode every document in flight during such an
 * outage would end failed, or in the dead-letter topic waiting for someone to replay it. The
 * budget is therefore also a time (`BUS_RETRY_BUDGET_MS`, 10 minutes in distributed mode):
 * a message is retried at least `maxAttempts` times AND until that long after its first
 * delivery, the waits doubling from `backoffMs` up to `maxBackoffMs` (`BUS_RETRY_MAX_BACKOFF_MS`,
 * 30 s). The Kafka bus heartbeats through every wait, so retrying never costs the consumer its
 * place in the group, and gives a wait up when the group rebalances (the message is then
 * redelivered, the budget still counted from its first delivery).
 *
 * A handler is told when an attempt is its message's last (`DeliveryContext.final`): a
 * pipeline stage then turns its failure into a final answer for the lawyer (`pipeline.failed`)
 * instead of leaving the document in the dead-letter topic.
 *
 *   const policy = { maxAttempts: 4, backoffMs: 500, maxBackoffMs: 30_000, budgetMs: 600_000 };
 *   isFinalAttempt(policy, 4, 20_000);   // false: the budget is not spent
 *   retryWaitMs(policy, 12);             // 30_000: the cap
 */
export interface RetryPolicy {
  /** Attempts made however short the budget (a subscription's `maxAttempts`); at least 1. */
  maxAttempts: number;
  /** The first wait between attempts; doubles after each failure. */
  backoffMs: number;
  /** The longest wait between two attempts. */
  maxBackoffMs: number;
  /** Keep retrying until this long after the message's first delivery; 0: attempts alone decide. */
  budgetMs: number;
}

/** The default budget of a bus: minutes on Kafka (distributed mode), none in embedded mode. */
export const DEFAULT_RETRY_BUDGET_MS = { kafka: 10 * 60_000, embedded: 0 } as const;
export const DEFAULT_MAX_BACKOFF_MS = 30_000;

/** The wait after failed attempt `attempt` (1-based). */
export function retryWaitMs(policy: Pick<RetryPolicy, 'backoffMs' | 'maxBackoffMs'>, attempt: number): number {
  return Math.min(policy.backoffMs * 2 ** Math.min(attempt - 1, 40), policy.maxBackoffMs);
}

/**
 * Whether attempt `attempt`, starting `elapsedMs` after the message's first delivery, is its
 * last: if it fails, the message is parked. Decided before the attempt runs, so the handler
 * can be told, and the bus parks exactly the messages whose last attempt it announced.
 */
export function isFinalAttempt(policy: RetryPolicy, attempt: number, elapsedMs: number): boolean {
  if (attempt < policy.maxAttempts) return false;
  return elapsedMs + retryWaitMs(policy, attempt) >= policy.budgetMs;
}
