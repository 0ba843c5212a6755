import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@citecheck/proto';

/** Resolves once `predicate` holds; rejects with `what` after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An envelope for bus tests; the bus carries any envelope, it does not check payloads. */
export function testEvent<P>(payload: P, type = 'test.happened'): EventEnvelope<P> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), payload };
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}
