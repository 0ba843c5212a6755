import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Checkbox, TextField } from '@/components/ui/field';
import { dismissErrorToasts, toast } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { planChoice, storedRegistration } from '@/lib/storage';
import { useRegisterVisitor } from '@/features/auth/api/register-visitor';
import { checkRegistration, mailedLinkKind } from '@/features/auth/lib/validation';

/** Name + email registration for visitors who dropped a file (SPEC section 2 "Dialogs"). */
export function RegistrationDialog({
  open,
  onClose,
  onAuthenticated,
  onAwaitingVerification,
  onContinueToPayment,
}: {
  open: boolean;
  onClose: () => void;
  onAuthenticated: () => void;
  /** The link is mailed: the tab now waits for it to be opened, here or on another device. */
  onAwaitingVerification: () => void;
  /** Opened from /subscription with a plan chosen: the host goes on to that plan's payment. */
  onContinueToPayment?: (plan: 'premium' | 'enterprise') => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [newsletterOptIn, setNewsletterOptIn] = useState(true);
  const [sentTo, setSentTo] = useState<{ email: string; link: 'sign-in' | 'verification' } | null>(null);
  const register = useRegisterVisitor();
  // Opened from /subscription: the visitor chose a plan before registering, and goes on to pay.
  const chosenPlan = open ? planChoice.get() : null;

  function continueToPayment() {
    if (!chosenPlan) return;
    setSentTo(null);
    planChoice.clear();
    onClose();
    onContinueToPayment?.(chosenPlan.plan);
  }

  function close() {
    setSentTo(null);
    // The plan chosen before registering is offered once, in this dialog.
    planChoice.clear();
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = checkRegistration({ name, email });
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    try {
      const result = await register.mutateAsync({ name: name.trim(), email: email.trim(), newsletterOptIn });
      storedRegistration.set({ name: name.trim(), email: email.trim(), registeredAt: new Date().toISOString() });
      // It worked: an error left from an earlier try ('Invalid Email') goes.
      dismissErrorToasts();
      if (result.alreadyVerified) {
        toast({ title: 'Welcome back!', description: result.message });
        onAuthenticated();
        // Signed in: the plan chosen before registering is paid from the account.
        if (chosenPlan) {
          planChoice.clear();
          onContinueToPayment?.(chosenPlan.plan);
        }
      } else {
        // A verified address registered from a browser that never proved it: a sign-in link.
        setSentTo({ email: email.trim(), link: mailedLinkKind(result.message) });
        onAwaitingVerification();
      }
    } catch (error) {
      toast({
        title: 'Registration Failed',
        description: (isApiError(error) ? error.serverMessage : undefined) ?? 'Registration failed',
        variant: 'destructive',
      });
    }
  }

  if (sentTo) {
    return (
      <Dialog open={open} onClose={close} title="Check Your Email" testId="registration-dialog">
        <div data-testid="registration-check-email" data-link={sentTo.link}>
          {sentTo.link === 'sign-in' ? (
            <>
              <p>
                This address already has an account. We sent a sign-in link to <strong>{sentTo.email}</strong>. Open it to continue.
              </p>
              <Muted>The link signs you in on the device where you open it, and it works once.</Muted>
            </>
          ) : (
            <>
              {/* The server answers a new, a waiting and a verified address alike (it must not say which). */}
              <p>
                We sent a link to <strong>{sentTo.email}</strong>. Open it to continue.
              </p>
              <Muted>A sign-in link works in this browser only. A new address's verification link works on any device, and this page goes on by itself once the address is verified.</Muted>
              {chosenPlan ? (
                <p data-testid="registration-continue-note">
                  You can pay for {chosenPlan.name} now: the plan goes on this account, and you choose its password after paying.
                </p>
              ) : null}
            </>
          )}
        </div>
        <DialogActions>
          {chosenPlan && sentTo.link === 'verification' ? (
            <Button onClick={continueToPayment} data-testid="registration-continue-payment">
              Continue to {chosenPlan.name} payment
            </Button>
          ) : null}
          <Button $variant={chosenPlan && sentTo.link === 'verification' ? 'secondary' : undefined} onClick={close}>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={chosenPlan ? 'Register to Subscribe' : 'Register to Check Your Document'}
      description={
        chosenPlan
          ? `The ${chosenPlan.name} plan you pay for needs an account: tell us who you are and we'll email you a verification link.`
          : "Tell us who you are and we'll email you a verification link. Your first 5 reports are free."
      }
      testId="registration-dialog"
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} data-autofocus />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Checkbox
          label="Send me occasional product news and tips"
          checked={newsletterOptIn}
          onChange={(e) => setNewsletterOptIn(e.target.checked)}
          name="newsletterOptIn"
        />
        <DialogActions>
          <Button $variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={register.isPending} data-testid="registration-submit">
            {register.isPending ? 'Registering...' : 'Register'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
