import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, Container, Muted } from '@/components/ui/card';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { checkNewPassword, MIN_PASSWORD_LENGTH, useResetPassword, useVerifyResetToken } from '@/features/auth';
import { paths } from '@/config/paths';

const Page = styled(Container)`
  padding: 3rem 1.25rem;
  max-width: 540px;
`;

/** /reset-password?token=... : the link from the reset e-mail lands here. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const check = useVerifyResetToken(token);
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const state = !token ? 'invalid' : check.isPending ? 'verifying' : check.data?.valid ? 'form' : 'invalid';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkNewPassword({ password, confirm });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    try {
      await reset.mutateAsync({ token: token!, password });
      toast({ title: 'Password reset successful', description: 'You can now sign in with your new password.' });
      navigate('/');
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      toast({ title: 'Reset failed', description: /token/i.test(message) ? 'Invalid reset token' : 'Failed to reset password', variant: 'destructive' });
    }
  }

  return (
    <Page>
      <Card data-testid="reset-password" data-state={state}>
        {state === 'verifying' ? (
          <div style={{ textAlign: 'center' }}>
            <Spinner size={40} label="Verifying reset token" />
            <p>Verifying reset token...</p>
          </div>
        ) : null}
        {state === 'invalid' ? (
          <div style={{ textAlign: 'center' }}>
            <h1>Invalid Reset Link</h1>
            <p>This password reset link is invalid or has expired.</p>
            <Muted>Reset links expire after 1 hour. Request a new one from the sign-in dialog.</Muted>
            <p>
              <ButtonLink as={Link} to={paths.home}>
                Back to Home
              </ButtonLink>
            </p>
          </div>
        ) : null}
        {state === 'form' ? (
          <>
            <h1>Reset Your Password</h1>
            <Muted>Hello{check.data?.name ? ` ${check.data.name}` : ''}, choose a new password of at least 8 characters.</Muted>
            {/* noValidate keeps the SPEC's toasts as the one voice; minLength still documents the rule. */}
            <form onSubmit={onSubmit} noValidate style={{ marginTop: '1rem' }} data-testid="reset-password-form">
              <TextField label="New Password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} value={password} onChange={(e) => setPassword(e.target.value)} />
              <TextField label="Confirm New Password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
              <div style={{ display: 'flex', gap: '0.6rem', flexWrap: 'wrap' }}>
                <Button type="submit" disabled={reset.isPending} data-testid="reset-password-submit">
                  {reset.isPending ? 'Updating Password...' : 'Update Password'}
                </Button>
                <ButtonLink as={Link} to={paths.home} $variant="secondary">
                  Back to Home
                </ButtonLink>
              </div>
            </form>
          </>
        ) : null}
      </Card>
    </Page>
  );
}
