import { ApiError } from '@citecheck/proto';
import { requireInternalToken } from './internal-token';

describe('requireInternalToken', () => {
  const refused = (presented: string | null, expected: string | undefined) => {
    try {
      requireInternalToken(presented, expected);
      return null;
    } catch (error) {
      return error instanceof ApiError ? [error.status, error.message] : error;
    }
  };

  it('admits the configured token and answers 404 to anything else', () => {
    expect(refused('s3cret-internal-token', 's3cret-internal-token')).toBeNull();
    expect(refused('wrong', 's3cret-internal-token')).toEqual([404, 'Not Found']);
    expect(refused('s3cret-internal-token-longer', 's3cret-internal-token')).toEqual([404, 'Not Found']);
    expect(refused(null, 's3cret-internal-token')).toEqual([404, 'Not Found']);
    expect(refused('', 's3cret-internal-token')).toEqual([404, 'Not Found']);
    // No token configured: nobody is admitted, not even a caller sending nothing.
    expect(refused('', undefined)).toEqual([404, 'Not Found']);
    expect(refused('anything', undefined)).toEqual([404, 'Not Found']);
  });
});
