import { describe, expect, it } from '@jest/globals';
import { matchPath } from 'react-router-dom';
import { paths, routes } from './paths';

describe('routes and paths', () => {
  it('builds report addresses the router matches back to the same id', () => {
    const id = '6f1c2a9e4b7d';
    expect(matchPath(routes.report, paths.report(id))?.params.reportId).toBe(id);
    expect(matchPath(routes.results, paths.results(id))?.params.reportId).toBe(id);
    // An id is one path segment, whatever it holds.
    expect(paths.report('a b/c?')).toBe('/report/a%20b%2Fc%3F');
  });

  it('gives every fixed route as its own path', () => {
    for (const key of ['home', 'dashboard', 'metrics', 'subscription', 'billing', 'verifyEmail', 'resetPassword'] as const) {
      expect(paths[key]).toBe(routes[key]);
    }
  });
});
