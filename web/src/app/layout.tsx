import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SkipLink } from '@/components/layout/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { AccountControls, AuthDialogsProvider } from '@/features/auth';
import { SiteFooter, SiteHeader } from '@/features/landing';

// Its own chunk: the plan catalogue it names plans from is not part of the first page's JavaScript.
const SetupNotice = lazy(() => import('@/features/subscription/components/setup-notice').then((m) => ({ default: m.SetupNotice })));
import { useVisitorTracker } from '@/lib/use-visitor-tracker';

/** Header, footer and the sign-in dialogs around every route. */
export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  useVisitorTracker(location.pathname);

  function goToSupport() {
    if (location.pathname === '/') document.getElementById('support')?.scrollIntoView();
    else navigate('/#support');
  }

  return (
    <AuthDialogsProvider>
      <SkipLink>Skip to content</SkipLink>
      <SiteHeader accountControls={<AccountControls onSupport={goToSupport} />} />
      <Suspense fallback={null}>
        <SetupNotice />
      </Suspense>
      <main id="main" tabIndex={-1}>
        <Suspense
          fallback={
            <div style={{ padding: '4rem', textAlign: 'center' }}>
              <Spinner label="Loading page" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </AuthDialogsProvider>
  );
}
