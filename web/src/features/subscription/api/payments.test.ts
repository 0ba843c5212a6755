import { describe, expect, it } from '@jest/globals';
import { graphqlFailure } from '@/lib/graphql-errors';
import { PAYMENTS_NOT_CONFIGURED } from './payments';

/** How the supergraph's answers read on the plan screens (the gateway keeps billing's status and code in `extensions`). */
describe('graphqlFailure', () => {
  it("reads billing's 503 without Stripe keys by its code", () => {
    const error = { errors: [{ message: 'Payments are not configured on this server.', extensions: { status: 503, code: PAYMENTS_NOT_CONFIGURED, serviceName: 'billing' } }] };
    expect(graphqlFailure(error)).toEqual({ message: 'Payments are not configured on this server.', status: 503, code: 'payments_not_configured' });
  });

  it('tells billing being unreachable apart: a 503 with another code', () => {
    const error = { errors: [{ message: 'Service unavailable. Please try again later.', extensions: { status: 503, code: 'SERVICE_UNAVAILABLE' } }] };
    expect(graphqlFailure(error).code).not.toBe(PAYMENTS_NOT_CONFIGURED);
  });

  it('reads an answer that arrived with a non-2xx status as a server error', () => {
    const bodyText = JSON.stringify({ errors: [{ message: 'Payments are not configured on this server.', extensions: { code: PAYMENTS_NOT_CONFIGURED } }] });
    expect(graphqlFailure({ statusCode: 503, bodyText })).toEqual({ message: 'Payments are not configured on this server.', status: 503, code: 'payments_not_configured' });
    expect(graphqlFailure({ statusCode: 502, bodyText: '<html>Bad gateway</html>' })).toEqual({ message: undefined, status: 502, code: undefined });
  });
});
