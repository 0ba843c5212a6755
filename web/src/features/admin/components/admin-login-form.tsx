import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { FormError, TextField } from '@/components/ui/field';
import { useAdminLogin } from '@/features/admin/api/admin-login';

const Narrow = styled(Card)`
  max-width: 440px;
  margin: 3rem auto;
`;

/**
 * SPEC's admin login: both fields required; a refusal shows the server's message ('Invalid
 * email or password') and clears the fields. The server checks the credentials and keeps
 * the session in an httpOnly cookie, so the browser never holds them.
 */
export function AdminLoginForm() {
  const login = useAdminLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The inputs are `required`, so the browser names an empty one; this only guards a
    // submit that bypassed the constraint check.
    if (!email.trim() || !password) return;
    setError(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onError: (failure) => {
          setError(failure.message);
          setEmail('');
          setPassword('');
        },
      },
    );
  }

  return (
    <Narrow aria-labelledby="admin-login-title" data-testid="admin-login">
      <CardTitle as="h1" id="admin-login-title">
        Admin Login
      </CardTitle>
      <Muted style={{ marginBottom: '1rem' }}>Sign in to view usage metrics and visitor analytics.</Muted>
      <form onSubmit={onSubmit} data-testid="admin-login-form">
        {error ? <FormError data-testid="admin-login-error">{error}</FormError> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="admin-email"
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="admin-password"
        />
        <Button type="submit" disabled={login.isPending} data-testid="admin-login-submit" style={{ width: '100%' }}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </Narrow>
  );
}
