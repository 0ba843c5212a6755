import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { confirmSubscription } from '@/features/subscription/api/payments';
import type { Plan, PlanKey } from '@/features/subscription/lib/plans';
import { stripeFor } from '@/features/subscription/lib/stripe';
import { useRefreshAccount } from './use-refresh-account';

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  align-items: center;
`;

const Unavailable = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.invalid};
  background: ${({ theme }) => theme.colors.invalidSoft};
  border-radius: 10px;
  padding: 1rem 1.1rem;
  h2 { margin: 0 0 0.4rem; font-size: 1.1rem; }
  p { margin: 0 0 0.6rem; }
`;

/** Stripe's return address: the provider comes back here only when the bank asks for a redirect. */
function returnUrl(plan: PlanKey): string {
  return `${window.location.origin}${paths.subscription}?success=true&plan=${plan}`;
}

/** After the card payment: the account setup is next (a visitor, or a user signed in without a password). */
export type OnPaid = (paymentIntentId: string, next: 'setup' | 'done') => void;

function PaymentForm({ plan, signedIn, onPaid }: { plan: Plan; signedIn: boolean; onPaid: OnPaid }) {
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
        onPaid(paymentIntent.id, 'setup');
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
        onPaid(paymentIntent.id, 'setup');
        return;
      }
      onPaid(paymentIntent.id, 'done');
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

type Loaded = { kind: 'loading' } | { kind: 'ready'; stripe: Stripe } | { kind: 'failed' };

/**
 * Stripe.js, loaded for this key; `retry` loads it again. A failure (offline, an ad-blocker, a
 * firewall, a proxy) is a state the view shows, never a disabled button with no word of why.
 */
function useStripeJs(publishableKey: string): { loaded: Loaded; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    stripeFor(publishableKey).then(
      (stripe) => current && setLoaded({ kind: 'ready', stripe }),
      () => current && setLoaded({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);
  return { loaded, retry: () => setAttempt((n) => n + 1) };
}

export function PaymentView({
  plan,
  clientSecret,
  publishableKey,
  signedIn,
  onBack,
  onPaid,
}: {
  plan: Plan;
  clientSecret: string;
  publishableKey: string;
  signedIn: boolean;
  onBack: () => void;
  onPaid: OnPaid;
}) {
  const { loaded, retry } = useStripeJs(publishableKey);
  return (
    <Card data-testid="subscription-payment">
      <CardTitle as="h1">Complete Your {plan.name} Subscription</CardTitle>
      <Muted>
        ${plan.price} per month · {plan.reports} reports per month
      </Muted>
      {loaded.kind === 'loading' ? <Spinner label="Loading the secure payment form" /> : null}
      {loaded.kind === 'failed' ? (
        <Unavailable role="alert" data-testid="payment-unavailable">
          <h2>The payment form could not load</h2>
          <p>
            Your browser could not reach Stripe (js.stripe.com), which shows the card form. You may be offline, or an ad-blocker or a
            firewall may be blocking it. Nothing has been charged.
          </p>
          <p>Check your connection or allow js.stripe.com, then try again.</p>
          <Row>
            <Button onClick={retry} data-testid="payment-retry">
              Try Again
            </Button>
          </Row>
        </Unavailable>
      ) : null}
      {loaded.kind === 'ready' ? (
        <Elements stripe={loaded.stripe} options={{ clientSecret }}>
          <PaymentForm plan={plan} signedIn={signedIn} onPaid={onPaid} />
        </Elements>
      ) : null}
      <div style={{ marginTop: '0.75rem' }}>
        <Button $variant="ghost" onClick={onBack} data-testid="payment-back">
          Back to plans
        </Button>
      </div>
    </Card>
  );
}
