import { describe, expect, it } from '@jest/globals';
import { backLinkFor } from './report-export';

describe("'Report Not Found' back link (SPEC section 2)", () => {
  it('takes the admin to /metrics, a signed-in user to /dashboard, anyone else home', () => {
    expect(backLinkFor({ isAuthenticated: false }, true).to).toBe('/metrics');
    expect(backLinkFor({ isAuthenticated: true }, true).to).toBe('/metrics');
    expect(backLinkFor({ isAuthenticated: true }).to).toBe('/dashboard');
    expect(backLinkFor({ isAuthenticated: false }).to).toBe('/');
    expect(backLinkFor(undefined).to).toBe('/');
  });
});
