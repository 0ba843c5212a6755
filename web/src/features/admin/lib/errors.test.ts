import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { adminCall, isNotAdmin, serverMessageOr } from './errors';

describe('the server wording of a failed admin call', () => {
  it('reads the first GraphQL error', () => {
    const error = new CombinedGraphQLErrors({ data: null, errors: [{ message: 'Invalid email or password', extensions: { status: 401 } }] });
    expect(serverMessageOr(error, 'fallback')).toBe('Invalid email or password');
    expect(isNotAdmin(error)).toBe(true);
  });

  it('reads GraphQL errors carried in an HTTP error body', () => {
    const body = JSON.stringify({ errors: [{ message: 'Too many attempts', extensions: { status: 429 } }] });
    const error = new ServerError('Response not successful', { response: new Response(body, { status: 429 }), bodyText: body });
    expect(serverMessageOr(error, 'fallback')).toBe('Too many attempts');
    expect(isNotAdmin(error)).toBe(false);
  });

  it("falls back to SPEC's wording when the server said nothing readable", () => {
    expect(serverMessageOr(new Error('Failed to fetch'), 'Failed to block IP')).toBe('Failed to block IP');
    const html = new ServerError('Response not successful', { response: new Response('<html>', { status: 502 }), bodyText: '<html>' });
    expect(serverMessageOr(html, 'Failed to unblock IP')).toBe('Failed to unblock IP');
    expect(serverMessageOr(new CombinedGraphQLErrors({ data: null, errors: [{ message: '  ' }] }), 'Failed to delete user')).toBe('Failed to delete user');
  });
});

describe('one admin call', () => {
  const refused = () => Promise.reject(new CombinedGraphQLErrors({ data: null, errors: [{ message: 'That IP is already blocked' }] }));

  it('returns the answer, and fails with the fallback when there is none', async () => {
    await expect(adminCall(async () => ['a'], 'Failed to fetch users')).resolves.toEqual(['a']);
    await expect(adminCall(async () => undefined, 'Failed to fetch stats')).rejects.toThrow('Failed to fetch stats');
  });

  it("shows the fallback for a failed query, the server's message for a failed mutation", async () => {
    await expect(adminCall(refused, 'Failed to fetch blacklist')).rejects.toThrow('Failed to fetch blacklist');
    await expect(adminCall(refused, 'Failed to block IP', { serverMessage: true })).rejects.toThrow('That IP is already blocked');
  });
});
