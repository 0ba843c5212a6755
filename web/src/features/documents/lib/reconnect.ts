import type { PipelineProgress } from '@citecheck/proto/progress';
/** SPEC section 4 "Live channel": at most 3 reconnects, 2000 ms times the attempt number. */
export const MAX_RECONNECT_ATTEMPTS = 3;
export const RECONNECT_BASE_DELAY_MS = 2000;
const NORMAL_CLOSURE = 1000;

/**
 * How long to wait before reconnect attempt number `attempt` (1-based), or null when the
 * socket closed normally or the attempts are used up.
 */
export function reconnectDelay(closeCode: number, attempt: number): number | null {
  if (closeCode === NORMAL_CLOSURE) return null;
  if (attempt > MAX_RECONNECT_ATTEMPTS) return null;
  return RECONNECT_BASE_DELAY_MS * attempt;
}

/** ws:// or wss:// to /ws on the page's own host. */
export function progressSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Accepts only well-formed progress messages meant for this tab's session. */
export function parseProgressMessage(data: unknown, sessionId: string): PipelineProgress | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const message = parsed as { sessionId?: unknown; step?: unknown };
  if (typeof message.step !== 'string') return null;
  if (message.sessionId !== undefined && message.sessionId !== sessionId) return null;
  return parsed as PipelineProgress;
}
