import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { hasPendingFile, releasePendingFile } from '@/lib/pending-file';
import { sessionToken } from '@/lib/storage';
import { toast } from '@/components/ui/toast-store';
import { CLAIM_POLL_MS, claimSession } from '@/features/auth/api/claim-session';
import { authStatusQueryKey } from '@/lib/auth';
import { AuthDialog, type AuthMode } from './auth-dialog';
import { GetStartedDialog } from './get-started-dialog';
import { RegistrationDialog } from './registration-dialog';

/** The window event other code (and tests) use to open the auth dialog: detail {mode, email}. */
export const OPEN_AUTH_DIALOG_EVENT = 'openAuthDialog';

type Open =
  | { kind: 'none' }
  | { kind: 'get-started' }
  | { kind: 'registration' }
  | { kind: 'auth'; mode: AuthMode; email: string };

interface AuthDialogsApi {
  openGetStarted: () => void;
  openRegistration: () => void;
  openAuth: (mode?: AuthMode, email?: string) => void;
}

const AuthDialogsContext = createContext<AuthDialogsApi | null>(null);

export function useAuthDialogs(): AuthDialogsApi {
  const api = useContext(AuthDialogsContext);
  if (!api) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return api;
}

function isAuthMode(value: unknown): value is AuthMode {
  return value === 'login' || value === 'register' || value === 'forgot-password';
}

/** Owns which sign-in dialog is open, so the header, upload card and events share one set. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>({ kind: 'none' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const api = useMemo<AuthDialogsApi>(
    () => ({
      openGetStarted: () => setOpen({ kind: 'get-started' }),
      openRegistration: () => setOpen({ kind: 'registration' }),
      openAuth: (mode = 'login', email = '') => setOpen({ kind: 'auth', mode, email }),
    }),
    [],
  );

  useEffect(() => {
    function onOpen(event: Event) {
      const detail = (event as CustomEvent<{ mode?: unknown; email?: unknown }>).detail ?? {};
      api.openAuth(isAuthMode(detail.mode) ? detail.mode : 'login', typeof detail.email === 'string' ? detail.email : '');
    }
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, onOpen);
  }, [api]);

  const close = useCallback(() => setOpen({ kind: 'none' }), []);

  /** Signed in: refresh who we are, then hand any file dropped earlier to the upload flow. */
  const onAuthenticated = useCallback(async () => {
    setOpen({ kind: 'none' });
    await queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
    releasePendingFile();
  }, [queryClient]);

  const openRef = useRef(open);
  openRef.current = open;

  // After a sign-up this tab waits for the address to be verified. The link may be opened on
  // another device (a phone's mail app), which no browser event reaches, so the tab asks the
  // server until the verification has happened, then signs in and goes on with any held file.
  const [awaitingVerification, setAwaitingVerification] = useState(false);
  useEffect(() => {
    if (!awaitingVerification) return;
    let stopped = false;
    const timer = setInterval(async () => {
      // Signed in meanwhile (the link opened in another tab of this browser): nothing to wait for.
      if (sessionToken.get()) return setAwaitingVerification(false);
      try {
        const answer = await claimSession();
        if (stopped) return;
        if (answer.verified) {
          setAwaitingVerification(false);
          void onAuthenticated();
        } else if (answer.expired) {
          // Verified in another browser: whoever registered an address cannot be signed in by
          // the owner's click elsewhere (that would hand a stranger the owner's account), so
          // the wait ends here with the way in: sign in, which mails this browser a link.
          setAwaitingVerification(false);
          setOpen({ kind: 'auth', mode: 'login', email: '' });
          toast({ title: 'Email verified', description: 'Sign in to continue on this device.' });
        }
      } catch {
        // Offline for a moment: ask again at the next tick.
      }
    }, CLAIM_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [awaitingVerification, onAuthenticated]);
  const onAwaitingVerification = useCallback(() => setAwaitingVerification(true), []);

  // The visitor verified their e-mail (or signed in or out) in another tab: this tab's auth
  // status is stale. If this tab is still waiting in a sign-in dialog with a dropped file,
  // the wait is over: close the dialog and check the file.
  useEffect(
    () =>
      sessionToken.onChangeInOtherTab((token) => {
        if (token && openRef.current.kind !== 'none' && hasPendingFile()) void onAuthenticated();
        else void queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
      }),
    [onAuthenticated, queryClient],
  );

  return (
    <AuthDialogsContext.Provider value={api}>
      {children}
      <GetStartedDialog
        open={open.kind === 'get-started'}
        onClose={close}
        onNewUser={api.openRegistration}
        onReturningUser={() => api.openAuth('login')}
      />
      <RegistrationDialog
        open={open.kind === 'registration'}
        onClose={close}
        onAuthenticated={onAuthenticated}
        onAwaitingVerification={onAwaitingVerification}
        onContinueToPayment={(plan) => navigate(`${paths.subscription}?plan=${plan}`)}
      />
      {open.kind === 'auth' ? (
        <AuthDialog
          key={`${open.mode}-${open.email}`}
          initialMode={open.mode}
          initialEmail={open.email}
          onClose={close}
          onAuthenticated={onAuthenticated}
          onAwaitingVerification={onAwaitingVerification}
        />
      ) : null}
    </AuthDialogsContext.Provider>
  );
}
