import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, Container, Muted } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { dismissErrorToasts } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { useAuthStatus } from '@/lib/auth';
import { useSwitchToLinkAccount, useVerifyEmail } from '@/features/auth';
import { PLANS, isPlanKey } from '@/features/subscription/lib/plans';
import { paths } from '@/config/paths';

const Page = styled(Container)`
  padding: 3rem 1.25rem;
  max-width: 640px;
  text-align: center;
  ol { text-align: left; }
`;

function HomeButton() {
  return (
    <ButtonLink as={Link} to={paths.home} data-testid="verify-home">
      Go to Home
    </ButtonLink>
  );
}

/**
 * /verify-email?token=... : the link from the verification e-mail lands here, and so does the
 * mailed one-click sign-in link (an e-mail-only sign-in from a browser that never proved the
 * address). Either signs this browser in; the server says which it was. When another account
 * is signed in here, nothing happens until the user chooses: stay, or switch to the link's
 * account (a link opened from someone else's mail must not swap accounts behind one's back).
 */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verification = useVerifyEmail(token);
  const switching = useSwitchToLinkAccount();
  const answer = switching.data ?? verification.data;
  const { data: auth } = useAuthStatus();

  // A link used before (a second click, a mail client's preview) is not a failure for a browser
  // that is signed in to a verified account: the address is verified, and the page says so.
  const usedBefore = verification.isError && isApiError(verification.error) && (verification.error.body as { error?: unknown } | undefined)?.error === 'link_used';
  let state: 'invalid' | 'verifying' | 'failed' | 'choose' | 'success' | 'signed-in' | 'used';
  if (!token) state = 'invalid';
  else if (verification.isPending || switching.isPending) state = 'verifying';
  else if (usedBefore && auth?.isVerified) state = 'used';
  else if (verification.isError || switching.isError) state = 'failed';
  else if (answer?.requiresChoice) state = 'choose';
  else if (answer?.alreadyVerified) state = 'signed-in';
  else state = 'success';
  const name = answer?.user?.name;
  const failure = switching.error ?? verification.error;
  const verified = state === 'success' || state === 'signed-in' || state === 'used';
  useEffect(() => {
    if (verified) dismissErrorToasts();
  }, [verified]);
  // Signed in to a paid account without its password (the receipt's link): the setup is next.
  const setupPlan = verified && auth?.accountSetupRequired && isPlanKey(auth.user?.userType) ? auth.user.userType : null;

  return (
    <Page>
      <Card data-testid="verify-email" data-state={state}>
        {state === 'invalid' ? (
          <>
            <h1>Invalid Verification Link</h1>
            <p>Invalid Verification Link: invalid or missing required parameters.</p>
          </>
        ) : null}
        {state === 'verifying' ? (
          <>
            <Spinner size={40} label="Verifying your email" />
            <h1>Verifying your email...</h1>
          </>
        ) : null}
        {state === 'failed' ? (
          <>
            <h1>Verification Failed</h1>
            <p data-testid="verify-error">
              {(isApiError(failure) ? failure.serverMessage : undefined) ?? 'Verification failed'}
            </p>
          </>
        ) : null}
        {state === 'choose' && answer?.signedInAs && answer.linkFor ? (
          <>
            <h1>Choose an Account</h1>
            <p data-testid="verify-choice">
              You are signed in as {answer.signedInAs.name} ({answer.signedInAs.email}). This link is for {answer.linkFor.name} ({answer.linkFor.email}).
            </p>
            <p>If you did not ask for this link, stay signed in: someone may be trying to make you use their account.</p>
            <p>
              <ButtonLink as={Link} to={paths.home} data-testid="verify-stay">
                Stay signed in as {answer.signedInAs.name}
              </ButtonLink>{' '}
              <Button $variant="secondary" data-testid="verify-switch" onClick={() => token && switching.mutate(token)}>
                Switch to {answer.linkFor.email}
              </Button>
            </p>
          </>
        ) : null}
        {state === 'used' ? (
          <>
            <h1>Email Verified</h1>
            <p data-testid="verify-used">This link was used already: your email address is verified and you are signed in.</p>
          </>
        ) : null}
        {state === 'signed-in' ? (
          <>
            <h1>Signed In</h1>
            <p data-testid="verify-signed-in">Welcome back{name ? `, ${name}` : ''}! You are signed in to CiteCheck on this device.</p>
          </>
        ) : null}
        {state === 'success' ? (
          <>
            <h1>Email Verified</h1>
            <p>Welcome to CiteCheck{name ? `, ${name}` : ''}! Your email address is verified.</p>
            <h2>What's next</h2>
            <ol>
              <li>Go back to the home page and upload a brief (.pdf or .docx).</li>
              <li>Watch each citation being checked against the case-law record.</li>
              <li>Review the flagged citations and export the report for your file.</li>
            </ol>
            <Muted>Your first 5 reports are free.</Muted>
          </>
        ) : null}
        {setupPlan ? (
          <div data-testid="verify-setup">
            <p>Your {PLANS[setupPlan].name} plan is paid. Choose the password you will sign in with to finish setting up your account.</p>
            <p>
              <ButtonLink as={Link} to={paths.subscription} data-testid="verify-finish-setup">
                Finish Account Setup
              </ButtonLink>
            </p>
          </div>
        ) : null}
        {state === 'choose' ? null : (
          <p>
            <HomeButton />
          </p>
        )}
      </Card>
    </Page>
  );
}
