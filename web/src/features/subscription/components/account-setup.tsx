import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { FormError, TextField } from '@/components/ui/field';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { paidSetup, planChoice, sessionToken, storedRegistration, type PaidSetup } from '@/lib/storage';
import { createAccountAfterPayment, PaymentRefusedError, upgradeAccount } from '@/features/subscription/api/payments';
import type { Plan } from '@/features/subscription/lib/plans';
import { canSubmitSetup, checkAccountSetup, type SetupProblem } from '@/features/subscription/lib/setup-checks';
import { useRefreshAccount } from './use-refresh-account';

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/**
 * Whose setup this is: a visitor who paid before signing in (create-account-after-payment with
 * the payment's id), or a signed-in user whose paid plan has no password yet (upgrade-account).
 */
export type SetupFor = { as: 'visitor'; paid: PaidSetup } | { as: 'member' };

/** The account cannot be set up here (it has a password, or its owner verified it): the way on is to sign in. */
const SIGN_IN_INSTEAD = new Set(['already_registered', 'not_the_payer', 'password_mismatch']);

/** SPEC's account setup: 'Set Up Your {Plan} Account', password twice, Back and 'Complete Setup'. */
export function AccountSetup({ plan, setup, onBack, onSignIn }: { plan: Plan; setup: SetupFor; onBack: () => void; onSignIn: (email: string) => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<SetupProblem | null>(null);
  const [busy, setBusy] = useState(false);

  function done() {
    paidSetup.clear();
    planChoice.clear();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmitSetup({ password, confirm })) return;
    const checked = checkAccountSetup({ password, confirm });
    setProblem(checked);
    if (checked) {
      toast({ ...checked, variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      if (setup.as === 'member') {
        // The password session replaces the e-mail-link one the dashboard would refuse.
        const token = await upgradeAccount(password, plan.key);
        if (token) sessionToken.set(token);
        done();
        toast({ title: 'Account Setup Complete', description: `Your ${plan.name} plan is now active.` });
      } else {
        const token = await createAccountAfterPayment({
          paymentIntentId: setup.paid.paymentIntentId,
          name: setup.paid.name,
          email: setup.paid.email,
          password,
          newsletterOptIn: false,
        });
        sessionToken.set(token);
        storedRegistration.clear();
        done();
        toast({ title: 'Account Created Successfully', description: `Your ${plan.name} account is created and active.` });
      }
      await refresh();
      navigate(`${paths.dashboard}?success=true&plan=${plan.key}`);
    } catch (failure) {
      const code = failure instanceof PaymentRefusedError ? failure.code : undefined;
      const title = setup.as === 'member' ? 'Account Setup Failed' : 'Account Creation Failed';
      const fallback = setup.as === 'member' ? 'Failed to complete account setup.' : 'Failed to create account after payment';
      if (code && SIGN_IN_INSTEAD.has(code)) {
        // Nothing is lost: the plan is on the account; its owner signs in to reach it.
        done();
        toast({ title, description: 'This account is already set up. Sign in with its email address to continue.', variant: 'destructive' });
        onSignIn(setup.as === 'visitor' ? setup.paid.email : '');
        return;
      }
      toast({ title, description: (failure as Error)?.message || fallback, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="subscription-setup">
      <CardTitle as="h1">Set Up Your {plan.name} Account</CardTitle>
      <Muted>Your payment went through. Choose the password you will sign in with.</Muted>
      {setup.as === 'visitor' && setup.paid.email ? <Muted data-testid="setup-email">Account: {setup.paid.email}</Muted> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField label="Password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="setup-password" required />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          data-testid="setup-confirm"
          required
        />
        <Muted>Password requirements: at least 8 characters.</Muted>
        {problem ? (
          <FormError data-testid="setup-problem">
            {problem.title}: {problem.description}
          </FormError>
        ) : null}
        <Row>
          <Button $variant="secondary" onClick={onBack} disabled={busy} data-testid="setup-back">
            Back
          </Button>
          <Button type="submit" disabled={busy || !canSubmitSetup({ password, confirm })} data-testid="setup-complete">
            {busy ? 'Setting up Account...' : 'Complete Setup'}
          </Button>
        </Row>
      </form>
    </Card>
  );
}
