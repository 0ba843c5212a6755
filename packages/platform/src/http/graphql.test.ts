import { perRequest } from './graphql';

describe('perRequest', () => {
  it('makes one value per request context and a fresh one without a context', () => {
    let made = 0;
    const callerOf = perRequest((ctx: { ip?: string } | undefined) => ({ ip: ctx?.ip ?? null, n: (made += 1) }));
    const first = { ip: '203.0.113.7' };
    const second = { ip: '203.0.113.8' };
    expect(callerOf(first)).toBe(callerOf(first));
    expect(callerOf(first)).toEqual({ ip: '203.0.113.7', n: 1 });
    expect(callerOf(second)).toEqual({ ip: '203.0.113.8', n: 2 });
    expect(callerOf(undefined)).not.toBe(callerOf(undefined));
    expect(made).toBe(4);
  });
});
