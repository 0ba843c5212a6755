import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Container, Muted } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/auth';
import { paidSetup, planChoice, storedRegistration, type PaidSetup } from '@/lib/storage';
import { PaymentsNotConfiguredError, PaymentRefusedError, createSubscription, serverErrorOr } from '@/features/subscription/api/payments';
import { PLANS, isPlanKey, type Plan, type PlanKey } from '@/features/subscription/lib/plans';
import { AccountSetup, type SetupFor } from './account-setup';
import { PaymentView } from './payment-view';

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

/** The plan's name and its badge on one line, the badge centred on the name's line. */
const PlanHeading = styled.div`
  display: flex;
  gap: 0.6rem;
  flex-wrap: wrap;
  align-items: center;
  h2 { margin: 0; line-height: 1.2; }
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

type View =
  | { kind: 'choose' }
  | { kind: 'pay'; plan: PlanKey; clientSecret: string; publishableKey: string; payer: { name: string; email: string } | null }
  | { kind: 'setup'; plan: PlanKey; setup: SetupFor };

export interface SubscriptionViewProps {
  /**
   * SPEC section 4: a signed-out visitor who chooses a plan is sent to / ; the host opens the
   * registration there, which then offers to go on to the chosen plan's payment.
   */
  onNeedsRegistration: (plan: PlanKey) => void;
  /** The address has an account already (or it is set up): the host opens the sign-in dialog. */
  onSignIn: (email: string) => void;
}

/** What the page opens on: a payment to finish (Stripe's redirect, this browser's, the account's) before the plan choice. */
function firstView(
  search: URLSearchParams,
  auth: { signedIn: boolean; setupRequired: boolean; userType: string | undefined },
): View {
  const plan = search.get('plan');
  const returned = search.get('success') === 'true' && isPlanKey(plan) ? search.get('payment_intent') : null;
  if (returned && isPlanKey(plan)) {
    if (auth.signedIn) return { kind: 'setup', plan, setup: { as: 'member' } };
    const registration = storedRegistration.get();
    const paid: PaidSetup = { paymentIntentId: returned, plan, name: registration?.name ?? '', email: registration?.email ?? '', paidAt: new Date().toISOString() };
    paidSetup.set(paid);
    return { kind: 'setup', plan, setup: { as: 'visitor', paid } };
  }
  if (auth.signedIn && auth.setupRequired && isPlanKey(auth.userType)) return { kind: 'setup', plan: auth.userType, setup: { as: 'member' } };
  const stored = paidSetup.get();
  if (stored && !auth.signedIn) return { kind: 'setup', plan: stored.plan, setup: { as: 'visitor', paid: stored } };
  // Signed in to an account that needs nothing more: a payment kept from before is done.
  if (stored && auth.signedIn && !auth.setupRequired) paidSetup.clear();
  return { kind: 'choose' };
}

/** /subscription (SPEC section 2): plan choice, payment, and account setup after payment. */
export function SubscriptionView({ onNeedsRegistration, onSignIn }: SubscriptionViewProps) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { data: auth, isPending: authPending } = useAuthStatus();
  const signedIn = auth?.isAuthenticated === true;
  const setupRequired = auth?.accountSetupRequired === true;
  const queryPlan = search.get('plan');
  const [selected, setSelected] = useState<PlanKey>(isPlanKey(queryPlan) ? queryPlan : 'premium');
  const [creating, setCreating] = useState<PlanKey | null>(null);
  const [notConfigured, setNotConfigured] = useState('');
  // The client secret of the attempt this page started and has not paid (back to the plans).
  const unpaidAttempt = useRef<string | null>(null);
  const [view, setView] = useState<View | null>(null);

  // Decided once the account status is known: a paid subscription is always finished first.
  useEffect(() => {
    if (authPending || view) return;
    setView(firstView(search, { signedIn, setupRequired, userType: auth?.user?.userType }));
    // SPEC: the query string of Stripe's return is cleared once read.
    if (search.get('success') === 'true') setSearch({}, { replace: true });
  }, [authPending, view, search, setSearch, signedIn, setupRequired, auth?.user?.userType]);

  useEffect(() => {
    if (isPlanKey(queryPlan)) setSelected(queryPlan);
  }, [queryPlan]);

  const outstanding = setupRequired && isPlanKey(auth?.user?.userType) ? { plan: auth.user.userType, setup: { as: 'member' } as SetupFor } : null;
  const storedPaid = !signedIn ? paidSetup.get() : null;
  const toFinish = outstanding ?? (storedPaid ? { plan: storedPaid.plan, setup: { as: 'visitor', paid: storedPaid } as SetupFor } : null);

  async function choose(plan: PlanKey) {
    setSelected(plan);
    const registration = signedIn ? null : storedRegistration.get();
    if (!signedIn && !registration) {
      // Nobody to give an account to: nothing is created at Stripe. Registration comes first.
      planChoice.set({ plan, name: PLANS[plan].name });
      onNeedsRegistration(plan);
      return;
    }
    setCreating(plan);
    try {
      const created = await createSubscription(plan, {
        ...(registration ? { name: registration.name, email: registration.email } : {}),
        ...(unpaidAttempt.current ? { replacing: unpaidAttempt.current } : {}),
      });
      unpaidAttempt.current = created.clientSecret;
      if (!created.publishableKey) throw new PaymentsNotConfiguredError('Payments are not configured');
      setView({ kind: 'pay', plan, clientSecret: created.clientSecret, publishableKey: created.publishableKey, payer: registration });
    } catch (error) {
      if (error instanceof PaymentsNotConfiguredError) setNotConfigured(error.message);
      else {
        toast({ title: 'Subscription Error', description: serverErrorOr(error, (error as Error).message || 'Failed to create subscription'), variant: 'destructive' });
        // The address already has an account: its owner signs in and pays from there.
        if (error instanceof PaymentRefusedError && error.code === 'already_registered' && registration) onSignIn(registration.email);
      }
    } finally {
      setCreating(null);
    }
  }

  if (authPending || !view) {
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
          onPaid={(paymentIntentId, next) => {
            unpaidAttempt.current = null; // paid: nothing to replace
            if (next === 'done') return;
            if (signedIn) {
              setView({ kind: 'setup', plan: view.plan, setup: { as: 'member' } });
              return;
            }
            // Kept in this browser until the account is set up: a reload, Back or a closed tab comes back to it.
            const paid: PaidSetup = { paymentIntentId, plan: view.plan, name: view.payer?.name ?? '', email: view.payer?.email ?? '', paidAt: new Date().toISOString() };
            paidSetup.set(paid);
            setView({ kind: 'setup', plan: view.plan, setup: { as: 'visitor', paid } });
          }}
        />
      </Page>
    );
  }

  if (view.kind === 'setup') {
    return (
      <Page>
        <AccountSetup plan={PLANS[view.plan]} setup={view.setup} onBack={() => setView({ kind: 'choose' })} onSignIn={onSignIn} />
      </Page>
    );
  }

  return (
    <Page>
      <div>
        <h1>Upgrade Your Plan</h1>
        <Muted>Check more briefs each month, keep every report and share results with your team.</Muted>
      </div>
      {toFinish ? (
        <Card role="status" data-testid="subscription-finish-setup">
          <CardTitle>Finish setting up your {PLANS[toFinish.plan].name} account</CardTitle>
          <p>Your payment went through. Choose the password you will sign in with to finish.</p>
          <Button onClick={() => setView({ kind: 'setup', plan: toFinish.plan, setup: toFinish.setup })} data-testid="subscription-finish-setup-button">
            Finish Account Setup
          </Button>
        </Card>
      ) : null}
      {notConfigured ? (
        <Card role="alert" data-testid="subscription-not-configured">
          <CardTitle>Payments are not available</CardTitle>
          <p>{notConfigured}</p>
        </Card>
      ) : null}
      <Plans>
        {(Object.values(PLANS) as Plan[]).map((plan) => (
          <PlanCard key={plan.key} $selected={selected === plan.key} data-testid={`plan-${plan.key}`} aria-labelledby={`plan-${plan.key}-name`}>
            <PlanHeading>
              <CardTitle id={`plan-${plan.key}-name`}>{plan.name}</CardTitle>
              {plan.key === 'enterprise' ? (
                <Badge $tone="valid" data-testid="plan-most-popular">
                  Most Popular
                </Badge>
              ) : null}
            </PlanHeading>
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
      <Row>
        {signedIn ? (
          <Button $variant="secondary" onClick={() => navigate(paths.dashboard)} data-testid="subscription-back-dashboard">
            Back to Dashboard
          </Button>
        ) : (
          <Button $variant="secondary" onClick={() => navigate(paths.home)} data-testid="subscription-back-home">
            Back to Home
          </Button>
        )}
      </Row>
    </Page>
  );
}
