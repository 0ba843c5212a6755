import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { planToOffer } from '@/features/subscription/lib/plans';

const Offer = styled.div`
  border: 2px solid ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem;
  ul { margin: 0.5rem 0 0; padding-left: 1.2rem; }
  .price { font-size: 1.5rem; font-weight: 800; color: ${({ theme }) => theme.colors.brand}; }
`;

export interface UpgradeDialogProps {
  open: boolean;
  message?: string;
  reportsUsed: number;
  reportLimit: number;
  userType: string;
  /** Called before navigating away, so the page can drop the dialog state. */
  onLeave?: () => void;
}

/** Shown when the report limit is reached; it cannot be dismissed, only left (SPEC section 2). */
export function UpgradeDialog({ open, message, reportsUsed, reportLimit, userType, onLeave }: UpgradeDialogProps) {
  const navigate = useNavigate();
  const plan = planToOffer(userType, reportLimit);
  const go = (to: string) => {
    onLeave?.();
    navigate(to);
  };
  return (
    <Dialog open={open} role="alertdialog" title={message || 'Report limit reached'} testId="upgrade-dialog">
      <p data-testid="upgrade-usage">
        You have used {reportsUsed} of {reportLimit} reports on your {userType} plan.
      </p>
      <Offer data-testid="upgrade-offer" data-plan={plan.key}>
        <strong>Upgrade to {plan.name}</strong>
        <div className="price">${plan.price}/month</div>
        <ul>
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </Offer>
      <DialogActions>
        <Button $variant="secondary" onClick={() => go(paths.home)} data-testid="upgrade-back-home">
          Back to Home
        </Button>
        <Button onClick={() => go(paths.subscription)} data-testid="upgrade-now" data-autofocus>
          Upgrade Now
        </Button>
      </DialogActions>
    </Dialog>
  );
}
