/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';

// react-router needs TextEncoder, which jsdom leaves out; it is loaded below, after this.
const { TextEncoder, TextDecoder } = jest.requireActual<Pick<typeof globalThis, 'TextEncoder' | 'TextDecoder'>>('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// The environment module reads Vite's import.meta; the route is loaded after the mock is
// registered (the compiler does not hoist it).
jest.mock('@/config/env', () => ({ env: { API_URL: '', TERMS_URL: 'https://example.test/terms', PRIVACY_URL: 'https://example.test/privacy' } }));
let VerifyEmailRoute: typeof import('./verify-email').default;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
beforeAll(async () => {
  ({ MemoryRouter } = await import('react-router-dom'));
  ({ default: VerifyEmailRoute } = await import('./verify-email'));
});

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** jsdom has no Response: answers the verification call with the parts of one the API client reads. */
function answer(status: number, body: unknown) {
  globalThis.fetch = (async () => ({ status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) })) as unknown as typeof fetch;
}

function open(token = 'T'.repeat(43)) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/verify-email?token=${token}`]}>
      <VerifyEmailRoute />
    </MemoryRouter>,
  );
}

describe('/verify-email', () => {
  it('a mailed sign-in link signs the user in and says so', async () => {
    answer(200, { success: true, alreadyVerified: true, user: { name: 'Lee' }, sessionToken: 's'.repeat(43) });
    open();
    expect((await screen.findByTestId('verify-signed-in')).textContent).toBe('Welcome back, Lee! You are signed in to CiteCheck on this device.');
    expect(screen.getByTestId('verify-email').getAttribute('data-state')).toBe('signed-in');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signed In');
    expect(window.localStorage.length).toBeGreaterThan(0); // the session is kept like a login's
  });

  it('a verification link still says the address is verified', async () => {
    answer(200, { success: true, alreadyVerified: false, user: { name: 'Lee' }, sessionToken: 's'.repeat(43) });
    open();
    expect((await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).textContent).toBe('Email Verified');
    expect(screen.queryByTestId('verify-signed-in')).toBeNull();
  });

  it.each([
    ['expired', 'Verification failed: this sign-in link has expired. Sign in again to receive a new one.'],
    ['used', 'Verification failed: this link has already been used.'],
  ])('a sign-in link %s: the server’s words under Verification Failed', async (_state, message) => {
    answer(400, { error: 'link_expired', message });
    open();
    expect((await screen.findByTestId('verify-error')).textContent).toBe(message);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verification Failed');
  });

  it('another account signed in here: asks before switching, and switches only on the user’s click', async () => {
    const calls: { method: string; body: unknown }[] = [];
    globalThis.fetch = (async (url: string, init: { method?: string; body?: string }) => {
      // The page also reads who is signed in (the account-setup offer); only the link's calls are counted.
      if (!String(url).includes('verify-email')) {
        return { status: 200, statusText: '', ok: true, text: async () => JSON.stringify({ data: { authStatus: { isVerified: true, isAuthenticated: true, user: { name: 'Vic', email: 'vic@firm.test', userType: 'free' }, accountSetupRequired: false } } }) };
      }
      calls.push({ method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body) : undefined });
      const body =
        init.method === 'POST'
          ? { success: true, alreadyVerified: true, user: { name: 'Mallory' }, sessionToken: 'm'.repeat(43) }
          : { success: false, requiresChoice: true, message: 'You are signed in to another account in this browser. Choose which account to use.', signedInAs: { name: 'Vic', email: 'vic@firm.test' }, linkFor: { name: 'Mallory', email: 'mallory@evil.test' } };
      return { status: 200, statusText: '', ok: true, text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;
    open('C'.repeat(43));
    expect((await screen.findByTestId('verify-choice')).textContent).toBe('You are signed in as Vic (vic@firm.test). This link is for Mallory (mallory@evil.test).');
    expect(screen.getByTestId('verify-email').getAttribute('data-state')).toBe('choose');
    expect(screen.getByTestId('verify-stay').textContent).toBe('Stay signed in as Vic');
    // Nothing but the look-up so far.
    expect(calls.map((c) => c.method)).toEqual(['GET']);
    screen.getByTestId('verify-switch').click();
    expect((await screen.findByTestId('verify-signed-in')).textContent).toBe('Welcome back, Mallory! You are signed in to CiteCheck on this device.');
    expect(calls).toEqual([{ method: 'GET', body: undefined }, { method: 'POST', body: { token: 'C'.repeat(43) } }]);
  });
});
