import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Checkbox, FormError, TextField } from '@/components/ui/field';
import { dismissErrorToasts } from '@/components/ui/toast-store';
import { env } from '@/config/env';
import { isApiError } from '@/lib/api-client';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { useLogin } from '@/features/auth/api/login';
import { CouponRegistrationError, useRegisterWithCoupon } from '@/features/auth/api/register-with-coupon';
import { useRegisterFree } from '@/features/auth/api/register-free';
import { useRegisterVisitor } from '@/features/auth/api/register-visitor';
import { storedRegistration } from '@/lib/storage';
import { checkForgotPassword, checkFreeAccount, checkLogin, isAlreadyRegistered, isSignInLinkSent } from '@/features/auth/lib/validation';

export type AuthMode = 'login' | 'register' | 'forgot-password';

const TITLES: Record<AuthMode, string> = {
  login: 'Sign In',
  register: 'Create Free Account',
  'forgot-password': 'Reset Your Password',
};

const LinkButton = styled.button`
  background: none;
  border: none;
  padding: 0;
  font: inherit;
  color: ${({ theme }) => theme.colors.brand};
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const Switches = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1rem;
  font-size: 0.92rem;
  margin: 1rem 0 0;
`;

const serverText = (error: unknown) => (isApiError(error) ? error.serverMessage : error instanceof Error ? error.message : undefined);

/** Sign in, create a free account (optionally with a coupon) or ask for a reset link. */
export function AuthDialog({
  initialMode,
  initialEmail,
  onClose,
  onAuthenticated,
  onAwaitingVerification,
}: {
  initialMode: AuthMode;
  initialEmail: string;
  onClose: () => void;
  onAuthenticated: () => void;
  /** A new account's link is mailed: the tab waits for it to be opened, here or elsewhere. */
  onAwaitingVerification: () => void;
}) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [newsletterOptIn, setNewsletterOptIn] = useState(true);
  const [acceptTerms, setAcceptTerms] = useState(true);
  const [useCoupon, setUseCoupon] = useState(false);
  const [couponCode, setCouponCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDoneState] = useState<null | 'registered' | 'registered-with-coupon' | 'reset-sent' | 'sign-in-link-sent' | 'verification-resent'>(null);
  // Signing in to an address not yet verified (a payer who closed the page, a registration left
  // waiting): the way on is the verification link, which the dialog offers to send again.
  const [unverified, setUnverified] = useState(false);
  // A done screen says it worked: no error toast from an earlier try beside it.
  const setDone = (next: typeof done) => {
    if (next) dismissErrorToasts();
    setDoneState(next);
  };

  const login = useLogin();
  const registerFree = useRegisterFree();
  const registerWithCoupon = useRegisterWithCoupon();
  const forgot = useForgotPassword();
  const resend = useRegisterVisitor();
  const busy = login.isPending || registerFree.isPending || registerWithCoupon.isPending || forgot.isPending || resend.isPending;

  function switchMode(next: AuthMode) {
    setMode(next);
    setUnverified(false);
    setError(null);
    setDone(null);
  }

  async function submitLogin() {
    const problem = checkLogin({ email });
    if (problem) return setError(problem);
    try {
      await login.mutateAsync({ email: email.trim(), password: password || undefined });
      onAuthenticated();
    } catch (e) {
      // An e-mail-only sign-in from a browser that never proved the address: the server mailed
      // a one-click sign-in link instead of signing in. Not an error; the next step is the e-mail.
      if (isApiError(e) && isSignInLinkSent(e.status, e.body)) return setDone('sign-in-link-sent');
      setUnverified(isApiError(e) && e.status === 403 && (e.body as { error?: unknown } | undefined)?.error === 'email_not_verified');
      setError(serverText(e) ?? 'Please check your credentials');
    }
  }

  /** A fresh verification link to the unverified address (the registration call mails one for an address not yet verified). */
  async function resendLink() {
    const address = email.trim();
    const kept = storedRegistration.get();
    // The server keeps the account's own name; a name is only required by the call.
    const knownName = kept && kept.email.toLowerCase() === address.toLowerCase() ? kept.name : address.split('@')[0];
    try {
      await resend.mutateAsync({ name: knownName || address, email: address, newsletterOptIn: false });
      setUnverified(false);
      setDone('verification-resent');
      onAwaitingVerification();
    } catch (e) {
      setError(serverText(e) ?? 'Failed to send reset email');
    }
  }

  async function submitRegister() {
    const problem = checkFreeAccount({ name, email, acceptTerms, useCoupon, couponCode, password });
    if (problem) return setError(problem);
    const account = { name: name.trim(), email: email.trim(), newsletterOptIn };
    try {
      if (!useCoupon) {
        await registerFree.mutateAsync(account);
        setDone('registered');
        onAwaitingVerification();
        return;
      }
      await registerWithCoupon.mutateAsync({ ...account, couponCode: couponCode.trim(), password });
      // All three calls succeeded. The password cannot sign in before the address is verified
      // (the server refuses it), so the account is done and the next step is the e-mail, not
      // a sign-in that would fail and read as if the sign-up had.
      setDone('registered-with-coupon');
      onAwaitingVerification();
    } catch (e) {
      const step = e instanceof CouponRegistrationError ? e.step : 'register';
      const cause = e instanceof CouponRegistrationError ? e.cause : e;
      const status = isApiError(cause) ? cause.status : undefined;
      if (step === 'register' && isAlreadyRegistered(status, serverText(cause))) {
        setError('This email is already registered. Please use the Sign In option instead.');
      } else if (step === 'coupon') {
        setError(serverText(cause) ?? 'Coupon application failed');
      } else if (step === 'password') {
        setError(serverText(cause) ?? 'Password setup failed');
      } else {
        setError(serverText(cause) ?? 'Registration failed');
      }
    }
  }

  async function submitForgot() {
    const problem = checkForgotPassword({ email });
    if (problem) return setError(problem);
    try {
      await forgot.mutateAsync({ email: email.trim() });
      setDone('reset-sent');
    } catch {
      setError('Failed to send reset email');
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (mode === 'login') void submitLogin();
    else if (mode === 'register') void submitRegister();
    else void submitForgot();
  }

  if (done) {
    return (
      <Dialog open onClose={onClose} title="Check Your Email" testId="auth-dialog">
        <div data-testid="auth-dialog-done" data-mode={mode}>
          {done === 'registered' ? (
            <p>
              Your free account for <strong>{email.trim()}</strong> is created. Open the verification link we emailed you to start
              checking documents.
            </p>
          ) : done === 'sign-in-link-sent' ? (
            <>
              <p data-testid="auth-sign-in-link-sent">
                We sent a sign-in link to <strong>{email.trim()}</strong>. Open it to continue.
              </p>
              <Muted>The link signs you in on the device where you open it, and it works once.</Muted>
            </>
          ) : done === 'verification-resent' ? (
            <>
              <p data-testid="auth-verification-resent">
                We sent a new verification link to <strong>{email.trim()}</strong>. Open it to verify your address; it signs you in
                on the device where you open it.
              </p>
              <Muted>This page goes on by itself once your address is verified.</Muted>
            </>
          ) : done === 'registered-with-coupon' ? (
            <>
              <p>
                Your account for <strong>{email.trim()}</strong> is created and your coupon is applied. Open the verification link we
                emailed you; after that, sign in with your email and the password you chose.
              </p>
              {/* The server keeps both only when the address is verified in this browser (pre-account takeover). */}
              <Muted data-testid="auth-coupon-same-browser">
                Open the link in this browser: the coupon and the password stay with your account only when the address is verified
                where you set them.
              </Muted>
            </>
          ) : (
            <p>
              If an account exists for <strong>{email.trim()}</strong>, we sent a link to reset your password. Reset links expire
              after 1 hour.
            </p>
          )}
        </div>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title={TITLES[mode]} testId="auth-dialog">
      <form onSubmit={onSubmit} noValidate data-mode={mode} data-testid="auth-form">
        {error ? <FormError data-testid="auth-error">{error}</FormError> : null}
        {error && unverified && mode === 'login' ? (
          <p>
            <Button type="button" $variant="secondary" onClick={() => void resendLink()} disabled={busy} data-testid="auth-resend-verification">
              Send the verification link again
            </Button>
          </p>
        ) : null}
        {mode === 'register' ? (
          <TextField label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} data-autofocus />
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-autofocus={mode !== 'register' ? true : undefined}
        />
        {mode === 'login' ? (
          <TextField
            label="Password (premium accounts only)"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            hint="Free accounts sign in with email only."
          />
        ) : null}
        {mode === 'register' ? (
          <>
            <Checkbox label="I have a coupon code" checked={useCoupon} onChange={(e) => setUseCoupon(e.target.checked)} name="useCoupon" />
            {useCoupon ? (
              <>
                <TextField
                  label="Coupon code"
                  name="couponCode"
                  value={couponCode}
                  // SPEC: the coupon code is upper-cased as typed.
                  onChange={(e) => setCouponCode(e.target.value.toUpperCase())}
                  autoComplete="off"
                />
                <TextField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  minLength={8}
                />
              </>
            ) : null}
            <Checkbox
              label="Send me occasional product news and tips"
              checked={newsletterOptIn}
              onChange={(e) => setNewsletterOptIn(e.target.checked)}
              name="newsletterOptIn"
            />
            <Checkbox
              name="acceptTerms"
              checked={acceptTerms}
              onChange={(e) => setAcceptTerms(e.target.checked)}
              label={
                <>
                  I accept the{' '}
                  <a href={env.TERMS_URL} target="_blank" rel="noreferrer">
                    Terms of Service
                  </a>{' '}
                  and{' '}
                  <a href={env.PRIVACY_URL} target="_blank" rel="noreferrer">
                    Privacy Policy
                  </a>
                </>
              }
            />
          </>
        ) : null}
        {mode === 'forgot-password' ? <Muted>We'll email you a link to set a new password. It expires after 1 hour.</Muted> : null}
        <DialogActions>
          <Button type="submit" disabled={busy} data-testid="auth-submit">
            {busy ? 'Please wait...' : mode === 'login' ? 'Sign In' : mode === 'register' ? 'Create Free Account' : 'Send Reset Link'}
          </Button>
        </DialogActions>
        <Switches>
          {mode !== 'login' ? (
            <LinkButton type="button" onClick={() => switchMode('login')}>
              Already have an account? Sign in
            </LinkButton>
          ) : null}
          {mode !== 'register' ? (
            <LinkButton type="button" onClick={() => switchMode('register')}>
              Create a free account
            </LinkButton>
          ) : null}
          {mode === 'login' ? (
            <LinkButton type="button" onClick={() => switchMode('forgot-password')}>
              Forgot password?
            </LinkButton>
          ) : null}
        </Switches>
      </form>
    </Dialog>
  );
}
