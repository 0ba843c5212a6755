import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Container, Muted } from '@/components/ui/card';
import { FormError, TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { authStatusQueryKey, useAuthStatus } from '@/lib/auth';
import { sessionToken, storedRegistration } from '@/lib/storage';
import {
  PaymentsNotConfiguredError,
  confirmSubscription,
  createAccountAfterPayment,
  createSubscription,
  serverErrorOr,
  upgradeAccount,
} from '@/features/subscription/api/payments';
import { PLANS, isPlanKey, type Plan, type PlanKey } from '@/features/subscription/lib/plans';
import { stripeFor } from '@/features/subscription/lib/stripe';

const Page = styled(Container)`
  padding-top: 2rem;
  padding-bottom: 3rem;
  display: grid;
  gap: 1.25rem;
  h1 { margin: 0; font-family: ${({ theme }) => theme.fonts.serif}; }
`;

const Plans = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 1rem;
`;

const PlanCard = styled(Card)<{ $selected: boolean }>`
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.brand : theme.colors.border)};
  display: grid;
  gap: 0.6rem;
  align-content: start;
  .price { font-size: 1.6rem; font-weight: 800; }
  ul { margin: 0; padding-left: 1.2rem; }
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/** Stripe's return address: the provider comes back here only when the bank asks for a redirect. */
function returnUrl(plan: PlanKey): string {
  return `${window.location.origin}${paths.subscription}?success=true&plan=${plan}`;
}

function useRefreshAccount() {
  const queryClient = useQueryClient();
  // After payment the plan and report usage changed on the server (SPEC section 7).
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: authStatusQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['report-usage'] }),
    ]);
}

/** After the card payment: the account setup (password) is next for a visitor or a user without a password session. */
type OnNeedsSetup = (paymentIntentId: string) => void;

function PaymentForm({ plan, signedIn, onNeedsSetup }: { plan: Plan; signedIn: boolean; onNeedsSetup: OnNeedsSetup }) {
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl(plan.key) },
        redirect: 'if_required',
      });
      if (error) {
        toast({ title: 'Payment Failed', description: error.message ?? 'An unexpected error occurred', variant: 'destructive' });
        return;
      }
      if (!paymentIntent) return;
      if (!signedIn) {
        toast({ title: 'Payment Ready', description: 'Set a password to finish creating your account.' });
        onNeedsSetup(paymentIntent.id);
        return;
      }
      let confirmed: { passwordRequired: boolean };
      try {
        confirmed = await confirmSubscription(paymentIntent.id);
      } catch (failure) {
        toast({ title: 'Subscription Activation Failed', description: (failure as Error).message, variant: 'destructive' });
        return;
      }
      await refresh();
      toast({ title: 'Payment Successful', description: `Your ${plan.name} subscription is active.` });
      if (confirmed.passwordRequired) {
        // Signed in by e-mail link: the paid dashboard needs a password, set in the account setup.
        onNeedsSetup(paymentIntent.id);
        return;
      }
      navigate(`${paths.dashboard}?success=true&plan=${plan.key}`);
    } catch (failure) {
      toast({ title: 'Payment Error', description: (failure as Error)?.message || 'An unexpected error occurred', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} data-testid="payment-form">
      <PaymentElement />
      <Row style={{ marginTop: '1rem' }}>
        <Button type="submit" disabled={!stripe || !elements || busy} data-testid="payment-submit">
          {busy ? 'Processing...' : `Subscribe to ${plan.name}`}
        </Button>
      </Row>
    </form>
  );
}

function PaymentView({ plan, clientSecret, publishableKey, signedIn, onBack, onNeedsSetup }: {
  plan: Plan;
  clientSecret: string;
  publishableKey: string;
  signedIn: boolean;
  onBack: () => void;
  onNeedsSetup: OnNeedsSetup;
}) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Card data-testid="subscription-payment">
      <CardTitle as="h1">Complete Your {plan.name} Subscription</CardTitle>
      <Muted>
        ${plan.price} per month · {plan.reports} reports per month
      </Muted>
      <Elements stripe={stripe} options={{ clientSecret }}>
        <PaymentForm plan={plan} signedIn={signedIn} onNeedsSetup={onNeedsSetup} />
      </Elements>
      <div style={{ marginTop: '0.75rem' }}>
        <Button $variant="ghost" onClick={onBack} data-testid="payment-back">
          Back to plans
        </Button>
      </div>
    </Card>
  );
}

function AccountSetup({ plan, paymentIntentId, signedIn, onBack }: { plan: Plan; paymentIntentId: string; signedIn: boolean; onBack: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshAccount();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8) return setProblem('Password must be at least 8 characters.');
    if (password !== confirm) return setProblem('Passwords do not match.');
    setProblem('');
    setBusy(true);
    try {
      if (signedIn) {
        try {
          const token = await upgradeAccount(password, plan.key);
          // The password session replaces the e-mail-link one the dashboard would refuse.
          if (token) sessionToken.set(token);
        } catch {
          toast({ title: 'Account Setup Failed', description: 'Failed to complete account setup.', variant: 'destructive' });
          return;
        }
        toast({ title: 'Account Setup Complete', description: `Your ${plan.name} plan is now active.` });
      } else {
        const pending = storedRegistration.get();
        try {
          const token = await createAccountAfterPayment({
            paymentIntentId,
            name: pending?.name ?? '',
            email: pending?.email ?? '',
            password,
            newsletterOptIn: false,
          });
          sessionToken.set(token);
          storedRegistration.clear();
        } catch (failure) {
          toast({ title: 'Account Creation Failed', description: (failure as Error).message, variant: 'destructive' });
          return;
        }
        toast({ title: 'Account Created Successfully', description: `Your ${plan.name} account is created and active.` });
      }
      await refresh();
      navigate(`${paths.dashboard}?success=true&plan=${plan.key}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="subscription-setup">
      <CardTitle as="h1">Set Up Your {plan.name} Account</CardTitle>
      <Muted>Your payment went through. Choose the password you will sign in with.</Muted>
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
        {problem ? <FormError>{problem}</FormError> : null}
        <Row>
          <Button $variant="secondary" onClick={onBack} disabled={busy} data-testid="setup-back">
            Back
          </Button>
          <Button type="submit" disabled={busy} data-testid="setup-complete">
            {busy ? 'Setting up Account...' : 'Complete Setup'}
          </Button>
        </Row>
      </form>
    </Card>
  );
}

type View =
  | { kind: 'choose' }
  | { kind: 'pay'; plan: PlanKey; clientSecret: string; publishableKey: string }
  | { kind: 'setup'; plan: PlanKey; paymentIntentId: string };

/** /subscription (SPEC section 2): plan choice, payment, and account setup after payment. */
export function SubscriptionView() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { data: auth, isPending: authPending } = useAuthStatus();
  const signedIn = auth?.isAuthenticated === true;
  const queryPlan = search.get('plan');
  const [selected, setSelected] = useState<PlanKey>(isPlanKey(queryPlan) ? queryPlan : 'premium');
  const [creating, setCreating] = useState<PlanKey | null>(null);
  const [notConfigured, setNotConfigured] = useState('');
  // The client secret of the attempt this page started and has not paid (back to the plans).
  const unpaidAttempt = useRef<string | null>(null);
  // Stripe's redirect comes back with success=true, the plan and the payment's id.
  const returned = search.get('success') === 'true' && isPlanKey(queryPlan) ? search.get('payment_intent') : null;
  const [view, setView] = useState<View>(() =>
    returned && isPlanKey(queryPlan) ? { kind: 'setup', plan: queryPlan, paymentIntentId: returned } : { kind: 'choose' },
  );

  useEffect(() => {
    if (isPlanKey(queryPlan)) setSelected(queryPlan);
  }, [queryPlan]);

  async function choose(plan: PlanKey) {
    setSelected(plan);
    setCreating(plan);
    try {
      const pending = signedIn ? null : storedRegistration.get();
      const created = await createSubscription(plan, {
        ...(pending ? { name: pending.name, email: pending.email } : {}),
        ...(unpaidAttempt.current ? { replacing: unpaidAttempt.current } : {}),
      });
      unpaidAttempt.current = created.clientSecret;
      if (!created.publishableKey) throw new PaymentsNotConfiguredError('Payments are not configured');
      setView({ kind: 'pay', plan, clientSecret: created.clientSecret, publishableKey: created.publishableKey });
    } catch (error) {
      if (error instanceof PaymentsNotConfiguredError) setNotConfigured(error.message);
      else toast({ title: 'Subscription Error', description: serverErrorOr(error, (error as Error).message || 'Failed to create subscription'), variant: 'destructive' });
    } finally {
      setCreating(null);
    }
  }

  if (authPending) {
    return (
      <Page>
        <Spinner label="Loading plans" />
      </Page>
    );
  }

  if (view.kind === 'pay') {
    return (
      <Page>
        <PaymentView
          plan={PLANS[view.plan]}
          clientSecret={view.clientSecret}
          publishableKey={view.publishableKey}
          signedIn={signedIn}
          onBack={() => setView({ kind: 'choose' })}
          onNeedsSetup={(paymentIntentId) => {
            unpaidAttempt.current = null; // paid: nothing to replace
            setView({ kind: 'setup', plan: view.plan, paymentIntentId });
          }}
        />
      </Page>
    );
  }

  if (view.kind === 'setup') {
    return (
      <Page>
        <AccountSetup plan={PLANS[view.plan]} paymentIntentId={view.paymentIntentId} signedIn={signedIn} onBack={() => setView({ kind: 'choose' })} />
      </Page>
    );
  }

  return (
    <Page>
      <div>
        <h1>Upgrade Your Plan</h1>
        <Muted>Check more briefs each month, keep every report and share results with your team.</Muted>
      </div>
      {notConfigured ? (
        <Card role="alert" data-testid="subscription-not-configured">
          <CardTitle>Payments are not available</CardTitle>
          <p>{notConfigured}</p>
        </Card>
      ) : null}
      <Plans>
        {(Object.values(PLANS) as Plan[]).map((plan) => (
          <PlanCard key={plan.key} $selected={selected === plan.key} data-testid={`plan-${plan.key}`} aria-labelledby={`plan-${plan.key}-name`}>
            <Row>
              <CardTitle id={`plan-${plan.key}-name`}>{plan.name}</CardTitle>
              {plan.key === 'enterprise' ? <Badge $tone="valid">Most Popular</Badge> : null}
            </Row>
            <div className="price">${plan.price}/month</div>
            <ul>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <Button onClick={() => void choose(plan.key)} disabled={creating !== null} data-testid={`choose-${plan.key}`}>
              {creating === plan.key ? 'Creating...' : `Choose ${plan.name}`}
            </Button>
          </PlanCard>
        ))}
      </Plans>
      <Muted>All plans include secure payment processing and can be cancelled anytime.</Muted>
      <div>
        <Button $variant="secondary" onClick={() => navigate(paths.dashboard)} data-testid="subscription-back-dashboard">
          Back to Dashboard
        </Button>
      </div>
    </Page>
  );
}
