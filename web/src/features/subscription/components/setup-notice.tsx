import { useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuthStatus } from '@/lib/auth';
import { paidSetup } from '@/lib/storage';
import { PLANS, isPlanKey } from '@/features/subscription/lib/plans';

const Bar = styled.div`
  background: ${({ theme }) => theme.colors.brandSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding: 0.6rem 0;
  > div { display: flex; gap: 0.75rem; align-items: center; justify-content: space-between; flex-wrap: wrap; }
  p { margin: 0; }
`;

/**
 * A paid subscription can always be finished: on every page but /subscription itself, a bar
 * says the account setup is still to do, while this browser holds a payment it has not set up
 * (a reload, Back, a closed tab) or the signed-in account is paid and has no password yet
 * (signed in from the receipt's link, or on another device).
 */
export function SetupNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const { data: auth } = useAuthStatus();
  if (location.pathname === paths.subscription) return null;
  const signedIn = auth?.isAuthenticated === true;
  const member = auth?.accountSetupRequired === true && isPlanKey(auth.user?.userType) ? auth.user.userType : null;
  const stored = signedIn ? null : paidSetup.get();
  const plan = member ?? stored?.plan ?? null;
  if (!plan) return null;
  return (
    <Bar role="status" data-testid="setup-notice">
      <Container>
        <p>
          Your {PLANS[plan].name} payment went through. Finish setting up your account: choose the password you will sign in with.
        </p>
        <Button onClick={() => navigate(paths.subscription)} data-testid="setup-notice-finish">
          Finish Account Setup
        </Button>
      </Container>
    </Bar>
  );
}
