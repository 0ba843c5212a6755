/** @jest-environment jsdom */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';

// The environment module reads Vite's import.meta; the dialogs only need its links. The
// components are loaded after the mock is registered (the compiler does not hoist it).
jest.mock('@/config/env', () => ({ env: { API_URL: '', TERMS_URL: 'https://example.test/terms', PRIVACY_URL: 'https://example.test/privacy' } }));
let AuthDialog: typeof import('./auth-dialog').AuthDialog;
let RegistrationDialog: typeof import('./registration-dialog').RegistrationDialog;
beforeAll(async () => {
  ({ AuthDialog } = await import('./auth-dialog'));
  ({ RegistrationDialog } = await import('./registration-dialog'));
});

/** jsdom has no Response: answers every call with the parts of one the API client reads. */
function fakeFetch(status: number, body: string, statusText = '') {
  const calls: { url: string }[] = [];
  const fn = async (url: string) => {
    calls.push({ url });
    return { status, statusText, ok: status >= 200 && status < 300, text: async () => body };
  };
  return { fn: fn as unknown as typeof fetch, calls };
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const CHECK_EMAIL = JSON.stringify({ message: 'Check Your Email: we sent you a sign-in link. Open it to continue.', error: 'check_email' });

function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

describe('e-mail-only sign-in from a browser that never proved the address', () => {
  it('the sign-in dialog says a sign-in link was mailed, instead of an error', async () => {
    const fake = fakeFetch(403, CHECK_EMAIL, 'Forbidden');
    globalThis.fetch = fake.fn;
    const onAuthenticated = jest.fn();
    renderWithProviders(<AuthDialog initialMode="login" initialEmail="" onClose={() => undefined} onAuthenticated={onAuthenticated} onAwaitingVerification={() => undefined} />);
    typeInto('Email', 'lee@firm.test');
    fireEvent.click(screen.getByTestId('auth-submit'));
    const sent = await screen.findByTestId('auth-sign-in-link-sent');
    expect(sent.textContent).toBe('We sent a sign-in link to lee@firm.test. Open it to continue.');
    expect(screen.getByRole('dialog').textContent).toContain('Check Your Email');
    expect(screen.queryByTestId('auth-error')).toBeNull();
    expect(onAuthenticated).not.toHaveBeenCalled();
    expect(fake.calls[0].url).toMatch(/\/api\/auth\/login$/);
  });

  it('a wrong password is still an error', async () => {
    globalThis.fetch = fakeFetch(401, JSON.stringify({ message: 'Invalid email or password', error: 'invalid_credentials' }), 'Unauthorized').fn;
    renderWithProviders(<AuthDialog initialMode="login" initialEmail="lee@firm.test" onClose={() => undefined} onAuthenticated={() => undefined} onAwaitingVerification={() => undefined} />);
    typeInto('Password', 'wrong password');
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Invalid email or password');
    expect(screen.queryByTestId('auth-sign-in-link-sent')).toBeNull();
  });

  it('signing in to an address not yet verified offers to mail the verification link again, and the tab then waits for it', async () => {
    const calls: { url: string; body: string }[] = [];
    globalThis.fetch = (async (url: string, init?: { body?: string }) => {
      calls.push({ url, body: String(init?.body ?? '') });
      if (url.endsWith('/api/auth/login')) {
        const body = JSON.stringify({ message: 'Please verify your email address first: open the link we sent you, then sign in.', error: 'email_not_verified' });
        return { status: 403, statusText: 'Forbidden', ok: false, text: async () => body };
      }
      const body = JSON.stringify({ alreadyVerified: false, message: 'Check Your Email: we sent you a verification link. Open it to continue.' });
      return { status: 200, statusText: '', ok: true, text: async () => body };
    }) as unknown as typeof fetch;
    const onAwaitingVerification = jest.fn();
    renderWithProviders(<AuthDialog initialMode="login" initialEmail="payer@firm.test" onClose={() => undefined} onAuthenticated={() => undefined} onAwaitingVerification={onAwaitingVerification} />);
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('auth-error')).textContent).toMatch(/^Please verify your email address first/);
    fireEvent.click(screen.getByTestId('auth-resend-verification'));
    expect((await screen.findByTestId('auth-verification-resent')).textContent).toContain('We sent a new verification link to payer@firm.test');
    expect(calls.map((c) => c.url.replace(/^.*\/api/, '/api'))).toEqual(['/api/auth/login', '/api/auth/register']);
    expect(JSON.parse(calls[1].body)).toMatchObject({ email: 'payer@firm.test', name: 'payer' });
    expect(onAwaitingVerification).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a verified address registered again: a sign-in link', 'Check Your Email: we sent you a sign-in link. Open it to continue.', 'sign-in', 'We sent a sign-in link to lee@firm.test'],
    ['a new address: a verification link', 'Check Your Email: we sent you a verification link. Open it to continue.', 'verification', 'We sent a link to lee@firm.test'],
    // The server's one answer for new, waiting and verified addresses alike.
    ['any address, one wording', 'Check Your Email: if this address can sign in, we sent it a link. Open it to continue.', 'verification', 'We sent a link to lee@firm.test. Open it to continue.'],
  ])('the registration dialog names the link it mailed: %s', async (_name, message, link, text) => {
    globalThis.fetch = fakeFetch(200, JSON.stringify({ alreadyVerified: false, message })).fn;
    const onAwaitingVerification = jest.fn();
    renderWithProviders(<RegistrationDialog open onClose={() => undefined} onAuthenticated={() => undefined} onAwaitingVerification={onAwaitingVerification} />);
    typeInto('Full name', 'Lee');
    typeInto('Email', 'lee@firm.test');
    fireEvent.click(screen.getByTestId('registration-submit'));
    const shown = await screen.findByTestId('registration-check-email');
    expect(shown.getAttribute('data-link')).toBe(link);
    expect(shown.textContent).toContain(text);
    expect(onAwaitingVerification).toHaveBeenCalledTimes(1);
  });

  it('a coupon sign-up is told to verify in this browser, where the coupon and password are kept', async () => {
    // The three calls (register, apply coupon, set password) each answer 200.
    globalThis.fetch = fakeFetch(200, JSON.stringify({ success: true, message: 'ok' })).fn;
    renderWithProviders(<AuthDialog initialMode="register" initialEmail="" onClose={() => undefined} onAuthenticated={() => undefined} onAwaitingVerification={() => undefined} />);
    typeInto('Full name', 'Cora');
    typeInto('Email', 'cora@firm.test');
    fireEvent.click(screen.getByLabelText('I have a coupon code'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Coupon code' }), { target: { value: 'BARASSOC' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'a long coupon password' } });
    fireEvent.click(screen.getByTestId('auth-submit'));
    expect((await screen.findByTestId('auth-coupon-same-browser')).textContent).toMatch(/^Open the link in this browser/);
    expect(screen.getByTestId('auth-dialog-done').textContent).toMatch(/coupon is applied/);
  });
});
