import { createLogger, REDACTED } from './logger';
import { logLines } from './testing/logs';

const capture = logLines;

describe('createLogger', () => {
  it('labels lines with the service and level', () => {
    const { lines, stream } = capture();
    createLogger('ingest', 'info', stream).info({ documentId: 'd1' }, 'stored');
    expect(lines[0]).toMatchObject({ service: 'ingest', level: 'info', documentId: 'd1', msg: 'stored' });
  });

  it('honours the level', () => {
    const { lines, stream } = capture();
    const logger = createLogger('ingest', 'warn', stream);
    logger.info('quiet');
    logger.warn('loud');
    expect(lines.map((l) => l.msg)).toEqual(['loud']);
  });

  it('never logs passwords, tokens, auth headers, cookies, document text or card details, at any depth', () => {
    const { lines, stream } = capture();
    createLogger('identity', 'info', stream).info(
      {
        password: 'hunter2',
        user: { email: 'a@example.com', password: 'hunter2', sessionToken: 'sess-123' },
        token: 'tok-1',
        req: { method: 'POST', headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'content-type': 'application/json' } },
        document: { id: 'd1', text: 'Plaintiff alleges...', documentText: 'full brief' },
        payment: { cardNumber: '4242424242424242', cardExpiry: '12/30', card: { last4: '4242' }, amount: 500 },
        pages: [{ n: 1, text: 'page text' }],
      },
      'login',
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of ['hunter2', 'sess-123', 'tok-1', 'Bearer abc', 'sid=1', 'Plaintiff', 'full brief', '4242', '12/30', 'page text']) {
      expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      password: REDACTED,
      user: { email: 'a@example.com', password: REDACTED, sessionToken: REDACTED },
      req: { method: 'POST', headers: { authorization: REDACTED, cookie: REDACTED, 'content-type': 'application/json' } },
      document: { id: 'd1', text: REDACTED, documentText: REDACTED },
      payment: { cardNumber: REDACTED, card: REDACTED, amount: 500 },
    });
  });

  it('still renders errors with their message and stack, and copes with cycles', () => {
    const { lines, stream } = capture();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    createLogger('x', 'info', stream).error({ err: new Error('disk full'), loop }, 'failed');
    expect(lines[0].err).toMatchObject({ type: 'Error', message: 'disk full' });
    expect(String((lines[0].err as { stack: string }).stack)).toContain('disk full');
    expect(lines[0].loop).toEqual({ name: 'loop', self: '[circular]' });
  });
});
