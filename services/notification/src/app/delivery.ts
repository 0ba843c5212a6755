/**
 * The delivery loop: takes due messages from the outbox, sends each through the mailer,
 * marks it sent, or schedules a retry with backoff (and gives up after `maxAttempts`,
 * leaving the message `failed` with its last error). `kick()` runs it at once after a new
 * message; a timer also runs it every `pollMs`, which picks up retries and whatever an
 * earlier process left unsent.
 */
import type { Logger } from 'pino';
import type { Clock } from '@citecheck/platform';
import { retryDelayMs, type BackoffOptions } from '../domain/backoff';
import type { Mailer } from '../adapters/mailer';
import type { Outbox } from '../store/outbox';

export interface DeliveryOptions {
  pollMs: number;
  maxAttempts: number;
  backoff: BackoffOptions;
  /** How long a claimed message is left alone before another attempt may take it. */
  leaseMs: number;
  batchSize?: number;
}

export class Delivery {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly outbox: Outbox,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: DeliveryOptions,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the timer and waits for the pass in flight, so no send is cut off mid-way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a pass now (or right after the one in flight). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runUntilQuiet().finally(() => {
      this.running = null;
    });
  }

  private async runUntilQuiet(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.runOnce();
      } catch (error) {
        this.logger.error({ err: error }, 'mail delivery pass failed');
      }
    } while (this.again && !this.stopped);
  }

  /** One pass over the due messages; returns how many were sent. */
  async runOnce(): Promise<number> {
    let sent = 0;
    const due = await this.outbox.due(this.clock.now(), this.options.batchSize ?? 50);
    for (const candidate of due) {
      const message = await this.outbox.claim(candidate, this.clock.now(), this.options.leaseMs);
      if (!message) continue;
      try {
        await this.mailer.send(message);
        await this.outbox.markSent(message.id, this.clock.now());
        sent += 1;
      } catch (error) {
        const reason = (error as Error).message;
        const giveUp = message.attempts >= this.options.maxAttempts;
        const retryAt = giveUp ? null : new Date(this.clock.now().getTime() + retryDelayMs(message.attempts, this.options.backoff));
        await this.outbox.markFailedAttempt(message.id, reason, retryAt);
        this.logger.warn({ messageId: message.id, attempts: message.attempts, retryAt, err: error }, giveUp ? 'mail delivery failed for good' : 'mail delivery failed, will retry');
      }
    }
    return sent;
  }
}
