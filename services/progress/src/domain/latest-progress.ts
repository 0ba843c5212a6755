import type { PipelineProgress } from '@citecheck/proto';

/**
 * The latest progress message of each browser session, so a tab that connects late (or
 * reconnects) is shown where its job stands instead of a blank card. Bounded in count and
 * age: sessions are short-lived and this lives in memory.
 */
export class LatestProgress {
  private readonly bySession = new Map<string, { message: PipelineProgress; at: number }>();

  constructor(
    private readonly maxSessions = 10_000,
    private readonly maxAgeMs = 60 * 60 * 1000,
  ) {}

  record(message: PipelineProgress, now: number): void {
    // Re-insert so the Map's order stays oldest-first for eviction.
    this.bySession.delete(message.sessionId);
    this.bySession.set(message.sessionId, { message, at: now });
    while (this.bySession.size > this.maxSessions) {
      const oldest = this.bySession.keys().next().value as string;
      this.bySession.delete(oldest);
    }
  }

  latest(sessionId: string, now: number): PipelineProgress | null {
    const entry = this.bySession.get(sessionId);
    if (!entry) return null;
    if (now - entry.at > this.maxAgeMs) {
      this.bySession.delete(sessionId);
      return null;
    }
    return entry.message;
  }

  get size(): number {
    return this.bySession.size;
  }
}
