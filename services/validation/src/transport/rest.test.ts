import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import pino from 'pino';
import { MemoryRateLimiter } from '@citecheck/platform';
import type { CaseLaw } from '../adapters/caselaw';
import { OpinionCache } from '../app/case-opinion';
import { createRoutes } from './rest';

/** The routes on a real port, with no CourtListener token (the local index only). */
async function serveWithoutCourtListener(): Promise<{ url: string; close: () => Promise<void> }> {
  const caseLaw: CaseLaw = { providers: [], courtListener: null, describe: () => ({}), close: () => undefined };
  const logger = pino({ level: 'silent' });
  const signedIn = { id: 'u-1', name: 'Ann', email: 'ann@firm.test', isVerified: true, userType: 'free' as const, reportLimit: 3, passwordSession: false };
  const router = createRoutes({
    recheck: async () => {
      throw new Error('not used');
    },
    caseLaw: () => caseLaw,
    logger,
    opinions: {
      caseLaw: () => caseLaw,
      logger,
      authenticate: async (token) => (token === 'session-1' ? signedIn : null),
      limiter: new MemoryRateLimiter({ limit: 100, windowMs: 60_000 }, { now: () => new Date() }),
      cache: new OpinionCache(),
    },
  });
  const app = new Koa();
  app.use(koaBody());
  app.use(router.routes());
  const server = app.listen(0);
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('POST /api/case-opinion without a CourtListener token', () => {
  it('answers, without an error status, that there is no opinion text here, so the dialog shows the case instead', async () => {
    const server = await serveWithoutCourtListener();
    try {
      const response = await fetch(`${server.url}/api/case-opinion`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer session-1' },
        body: JSON.stringify({ opinionUrl: 'https://www.courtlistener.com/opinion/145659/bell-atlantic-corp-v-twombly/' }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ opinionText: null, textAvailable: false });
    } finally {
      await server.close();
    }
  });
});

describe('POST /api/case-opinion without a URL', () => {
  it('answers 400 for a missing, blank or non-text URL', async () => {
    const server = await serveWithoutCourtListener();
    try {
      for (const body of [{}, { opinionUrl: '  ' }, { opinionUrl: 42 }]) {
        const response = await fetch(`${server.url}/api/case-opinion`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer session-1' }, body: JSON.stringify(body) });
        expect(response.status).toBe(400);
      }
    } finally {
      await server.close();
    }
  });
});
