/**
 * A service's round trip through its own MongoDB and Kafka, for `helm test` (the chart's test
 * pod, templates/tests/test-connection.yaml): the service writes a record to its store and
 * reads it back (MongoDB reachable with the release's credentials, the database writable),
 * then publishes one progress message on `pipeline.progress` (Kafka reachable, the principal
 * may write) for a session of the test's own. The progress service consumes it from Kafka
 * and relays it over `/ws`, where the test pod, registered for that session through the
 * gateway, hears it: the message went through the broker and out the other side.
 *
 * Served in distributed mode as `POST /internal/selftest` on every service's own port
 * (runService); the gateway never forwards `/internal/*`, and the chart's NetworkPolicies
 * admit only the test pod and the gateway to that port. It needs no secret because it can do
 * nothing a caller could use: the record is its own and deleted at once (a TTL takes it if the
 * delete fails), and the message can only reach a `selftest-` session, which no browser's
 * tab is (tabs register the session ids the web client makes). A few calls a minute are
 * allowed per process, so it cannot be made into a stream of writes.
 *
 *   POST /internal/selftest {"nonce":"3f0c…"}
 *   200 {"service":"ingest","store":"ok","bus":"published","sessionId":"selftest-3f0c…","ms":12}
 */
import { ApiError, createEvent, topics } from '@citecheck/proto';
import Router from '@koa/router';
import { z } from 'zod';
import type { Ports } from './ports';
import { MemoryRateLimiter } from './rate-limit';

/** Every self-test's progress goes to a session named so; no web client tab uses the prefix. */
export const SELFTEST_SESSION_PREFIX = 'selftest-';

/** Calls one process answers per minute. */
export const SELFTEST_CALLS_PER_MINUTE = 30;

interface SelfTestRecord {
  id: string;
  nonce: string;
  /** ISO time; a record left behind is removed after an hour (TTL index). */
  at: string;
}

const requestSchema = z.object({ nonce: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });

export interface SelfTestResult {
  service: string;
  store: 'ok';
  bus: 'published';
  sessionId: string;
  ms: number;
}

/** A step of the round trip that failed, named for the caller (never the driver's details, which go to the log). */
export class SelfTestError extends Error {
  constructor(
    readonly step: 'store' | 'bus',
    message: string,
  ) {
    super(message);
    this.name = 'SelfTestError';
  }
}

export async function selfTest(ports: Pick<Ports, 'service' | 'store' | 'bus' | 'clock' | 'logger'>, nonce: string): Promise<SelfTestResult> {
  const started = Date.now();
  const sessionId = `${SELFTEST_SESSION_PREFIX}${nonce}`;
  const records = ports.store.collection<SelfTestRecord>({ name: 'selftest', indexes: [{ fields: ['at'], expireAfterMs: 3600_000 }] });
  const id = `${ports.service}-${nonce}-${started}`;
  try {
    await records.insert({ id, nonce, at: ports.clock.now().toISOString() });
    const read = await records.get(id);
    if (read?.nonce !== nonce) throw new Error('the record written was not read back');
    await records.delete(id);
  } catch (error) {
    ports.logger.warn({ err: error }, 'self-test: the store round trip failed');
    throw new SelfTestError('store', `${ports.service} could not write and read back a record in its store`);
  }
  try {
    const event = createEvent(topics['pipeline.progress'], { sessionId, step: 'start', message: `${ports.service}: store and bus answer`, progress: 0 }, sessionId);
    await ports.bus.publish(topics['pipeline.progress'], sessionId, event);
  } catch (error) {
    ports.logger.warn({ err: error }, 'self-test: publishing failed');
    throw new SelfTestError('bus', `${ports.service} could not publish to ${topics['pipeline.progress']}`);
  }
  return { service: ports.service, store: 'ok', bus: 'published', sessionId, ms: Date.now() - started };
}

/** `POST /internal/selftest` for a service's router (runService mounts it in distributed mode). */
export function selfTestRoutes(ports: Pick<Ports, 'service' | 'store' | 'bus' | 'clock' | 'logger'>): Router {
  const router = new Router();
  const limiter = new MemoryRateLimiter({ limit: SELFTEST_CALLS_PER_MINUTE, windowMs: 60_000 }, ports.clock);
  router.post('/internal/selftest', async (ctx) => {
    if (!(await limiter.hit('selftest'))) throw new ApiError(429, 'Too many self-tests; try again in a minute.', 'rate_limited');
    const parsed = requestSchema.safeParse((ctx.request as { body?: unknown }).body);
    if (!parsed.success) throw new ApiError(400, 'Expected {"nonce": 8 to 64 letters, digits, "-" or "_"}.', 'bad_request');
    try {
      ctx.body = await selfTest(ports, parsed.data.nonce);
    } catch (error) {
      if (!(error instanceof SelfTestError)) throw error;
      throw new ApiError(503, error.message, `selftest_${error.step}`);
    }
  });
  return router;
}
