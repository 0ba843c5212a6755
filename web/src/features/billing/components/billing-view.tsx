import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Container, Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/auth';
import { useBillingData, useCancelSubscription, type BillingData } from '@/features/billing/api/billing';
import { formatAmount, formatPeriod, formatStripeDate } from '@/features/billing/lib/format';

const Page = styled(Container)`
  padding-top: 2rem;
  padding-bottom: 3rem;
  display: grid;
  gap: 1.25rem;
  h1 { margin: 0; font-family: ${({ theme }) => theme.fonts.serif}; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1rem;
  margin: 0 0 1rem;
  dt { font-weight: 600; }
  dd { margin: 0; }
`;

const Notice = styled.p`
  margin: 0;
  padding: 0.8rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.pending};
  background: ${({ theme }) => theme.colors.surface};
`;

const History = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.6rem;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
    align-items: center;
    justify-content: space-between;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    padding: 0.7rem 1rem;
  }
  .what { display: grid; }
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Skeleton = styled.div`
  height: 8rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

function CurrentSubscription({ subscription }: { subscription: NonNullable<BillingData['subscription']> }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const pastDue = subscription.statusLabel === 'Payment Required';

  async function onCancel() {
    try {
      await cancel.mutateAsync();
      setConfirming(false);
      toast({
        title: 'Subscription Cancelled',
        description: `Your subscription stays active until ${formatStripeDate(subscription.currentPeriodEnd)}.`,
      });
    } catch {
      setConfirming(false);
      toast({ title: 'Cancellation Failed', description: 'Failed to cancel subscription. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <Card data-testid="billing-subscription">
      <CardTitle>Current Subscription</CardTitle>
      <Facts>
        <dt>Plan</dt>
        <dd data-testid="billing-plan">{subscription.plan.nickname}</dd>
        <dt>Status</dt>
        <dd>
          {/* SPEC section 4: active on the default badge, a payment owed on the destructive one, others as they are. */}
          <Badge $tone={pastDue ? 'invalid' : subscription.status === 'active' ? 'valid' : 'neutral'} data-testid="billing-status">
            {subscription.statusLabel}
          </Badge>
        </dd>
        <dt>Amount</dt>
        <dd>
          {formatAmount(subscription.plan.amount)} / {subscription.plan.interval}
        </dd>
        <dt>{subscription.cancelAtPeriodEnd ? 'Access until' : 'Next billing date'}</dt>
        <dd data-testid="billing-next-date">{formatStripeDate(subscription.currentPeriodEnd)}</dd>
        <dt>Billing period</dt>
        <dd>{formatPeriod(subscription.currentPeriodStart, subscription.currentPeriodEnd)}</dd>
      </Facts>
      {pastDue ? (
        <Notice role="alert" data-testid="billing-payment-required">
          Payment Required: your last payment did not go through. Update your card with your bank or in the payment e-mail to keep your plan.
        </Notice>
      ) : null}
      {subscription.cancelAtPeriodEnd ? (
        <Notice data-testid="billing-cancelling">
          Your subscription is cancelled and will not renew. You keep {subscription.plan.nickname} until{' '}
          {formatStripeDate(subscription.currentPeriodEnd)}.
        </Notice>
      ) : (
        <Button $variant="secondary" onClick={() => setConfirming(true)} data-testid="billing-cancel">
          Cancel Subscription
        </Button>
      )}
      <Dialog
        open={confirming}
        onClose={cancel.isPending ? undefined : () => setConfirming(false)}
        title="Cancel your subscription?"
        testId="billing-cancel-dialog"
      >
        <p>
          Your plan stays active until {formatStripeDate(subscription.currentPeriodEnd)} and is not renewed after that. You will not be charged
          again.
        </p>
        <DialogActions>
          <Button $variant="secondary" onClick={() => setConfirming(false)} disabled={cancel.isPending} data-testid="billing-keep" data-autofocus>
            Keep Subscription
          </Button>
          <Button onClick={() => void onCancel()} disabled={cancel.isPending} data-testid="billing-confirm-cancel">
            {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

function BillingHistory({ charges }: { charges: BillingData['charges'] }) {
  return (
    <Card data-testid="billing-history">
      <CardTitle>Billing History</CardTitle>
      {charges.length === 0 ? (
        <Muted>No billing history found</Muted>
      ) : (
        <History>
          {charges.map((charge) => (
            <li key={charge.id} data-testid="billing-charge">
              <span className="what">
                <strong>{charge.description}</strong>
                <span data-testid="billing-charge-date">{formatStripeDate(charge.created)}</span>
              </span>
              <span data-testid="billing-charge-amount">{formatAmount(charge.amount)}</span>
              {/* SPEC section 4: 'succeeded' on the default badge, others on the secondary one. */}
              <Badge $tone={charge.status === 'succeeded' ? 'valid' : 'neutral'} data-testid="billing-charge-status">
                {charge.status}
              </Badge>
              {charge.receiptUrl ? (
                <Button
                  $variant="secondary"
                  onClick={() => window.open(charge.receiptUrl ?? '', '_blank', 'noopener,noreferrer')}
                  data-testid="billing-receipt"
                >
                  Receipt
                </Button>
              ) : null}
            </li>
          ))}
        </History>
      )}
    </Card>
  );
}

function reloadPage() {
  window.location.reload();
}

/** /billing (SPEC section 2). `reload` is what Try Again does (the page reloads; tests watch it). */
export function BillingView({ reload = reloadPage }: { reload?: () => void } = {}) {
  const navigate = useNavigate();
  const { data: auth, isPending: authPending } = useAuthStatus();
  const signedIn = auth?.isAuthenticated === true;
  const paid = signedIn && (auth?.user?.userType ?? 'free') !== 'free';
  const billing = useBillingData(paid);

  if (authPending) {
    return (
      <Page>
        <Spinner label="Loading billing" />
      </Page>
    );
  }

  if (!signedIn) {
    return (
      <Page>
        <Card data-testid="billing-access-denied">
          <CardTitle as="h1">Access Denied</CardTitle>
          <Muted>Please sign in to see your billing information.</Muted>
          <Row>
            <Button
              onClick={() => window.dispatchEvent(new CustomEvent('openAuthDialog', { detail: { mode: 'login', email: '' } }))}
              data-testid="billing-sign-in"
            >
              Sign In
            </Button>
            <Link to={paths.home}>Go to Home</Link>
          </Row>
        </Card>
      </Page>
    );
  }

  if (!paid) {
    return (
      <Page>
        <Card data-testid="billing-free">
          <CardTitle as="h1">No Billing Information</CardTitle>
          <Muted>You are on the free plan, so there is nothing to bill. Upgrade to check more briefs each month.</Muted>
          <Row>
            <Button $variant="secondary" onClick={() => navigate(paths.home)} data-testid="billing-go-home">
              Go to Home
            </Button>
            <Button onClick={() => navigate(paths.subscription)} data-testid="billing-upgrade">
              Upgrade Now
            </Button>
          </Row>
        </Card>
      </Page>
    );
  }

  const back = (
    <div>
      <Link to={paths.dashboard} data-testid="billing-back-dashboard">
        ← Back to Dashboard
      </Link>
    </div>
  );

  if (billing.isPending) {
    return (
      <Page aria-busy="true">
        {back}
        <h1>Billing</h1>
        <Skeleton aria-label="Loading billing" role="status" />
        <Skeleton />
      </Page>
    );
  }

  if (billing.isError) {
    return (
      <Page>
        {back}
        <Card data-testid="billing-error">
          <CardTitle as="h1">No Billing Data Found</CardTitle>
          <Muted role="alert">Failed to fetch billing data</Muted>
          <div>
            <Button onClick={reload} data-testid="billing-try-again">
              Try Again
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  const { subscription, charges, customer } = billing.data;
  return (
    <Page>
      {back}
      <h1>Billing</h1>
      {subscription ? (
        <CurrentSubscription subscription={subscription} />
      ) : (
        <Card data-testid="billing-subscription">
          <CardTitle>Current Subscription</CardTitle>
          <Muted>No active subscription found.</Muted>
        </Card>
      )}
      <BillingHistory charges={charges} />
      <Card data-testid="billing-customer">
        <CardTitle>Customer Information</CardTitle>
        {customer ? (
          <Facts>
            <dt>Email</dt>
            <dd>{customer.email}</dd>
            {customer.name ? (
              <>
                <dt>Name</dt>
                <dd>{customer.name}</dd>
              </>
            ) : null}
          </Facts>
        ) : (
          <Muted>No customer information found.</Muted>
        )}
      </Card>
    </Page>
  );
}
