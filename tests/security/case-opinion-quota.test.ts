/**
 * Finding 11, anonymous POST /api/case-opinion spends the CourtListener quota.
 * fails before: anyone, signed in or not, could ask for any opinion URL as often as they liked,
 * and every request was a CourtListener call.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createHttpApp, createLogger, createMetricsRegistry, MemoryRateLimiter } from '@citecheck/platform';
import type { CaseLaw } from '../../services/validation/src/adapters/caselaw';
import { OpinionCache } from '../../services/validation/src/app/case-opinion';
import { createRoutes } from '../../services/validation/src/transport/rest';

let url: string;
let server: Server;
let calls = 0;

beforeAll(async () => {
  const courtListener = {
    fetchOpinionText: async (opinionUrl: string) => {
      calls += 1;
      return `Opinion at ${opinionUrl}`;
    },
  };
  const caseLaw = { providers: [], courtListener, describe: () => ({}), close: () => undefined } as unknown as CaseLaw;
  const logger = createLogger('validation', 'silent');
  const user = { id: 'u-1', name: 'Ann', email: 'ann@firm.test', isVerified: true, userType: 'free' as const, reportLimit: 3, passwordSession: false };
  const routes = createRoutes({
    recheck: async () => {
      throw new Error('not used');
    },
    caseLaw: () => caseLaw,
    logger,
    opinions: {
      caseLaw: () => caseLaw,
      logger,
      authenticate: async (token) => (token === 'good-session' ? user : null),
      limiter: new MemoryRateLimiter({ limit: 5, windowMs: 60_000 }, { now: () => new Date() }),
      cache: new OpinionCache(),
    },
  });
  const app = createHttpApp({ service: 'validation', ports: { logger, metrics: createMetricsRegistry('validation') }, routes });
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const ask = (opinionUrl: string, session?: string) =>
  fetch(`${url}/api/case-opinion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    body: JSON.stringify({ opinionUrl }),
  });

it('refuses a visitor without a session, without calling CourtListener', async () => {
  const response = await ask('https://www.courtlistener.com/opinion/1/a/');
  expect(response.status).toBe(401);
  expect((await ask('https://www.courtlistener.com/opinion/1/a/', 'forged')).status).toBe(401);
  expect(calls).toBe(0);
});

it('serves a fetched opinion from the cache and limits fetches per user', async () => {
  for (let i = 0; i < 10; i++) expect((await ask('https://www.courtlistener.com/opinion/2/b/', 'good-session')).status).toBe(200);
  expect(calls).toBe(1);
  const statuses: number[] = [];
  for (let i = 3; i < 10; i++) statuses.push((await ask(`https://www.courtlistener.com/opinion/${i}/c/`, 'good-session')).status);
  // The limit is 5 a minute: one was spent above, four more get through, the rest wait.
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429]);
  expect(calls).toBe(5);
});
