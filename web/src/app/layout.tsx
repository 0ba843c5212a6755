import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SkipLink } from '@/components/layout/skip-link';
import { Spinner } from '@/components/ui/spinner';
import { AccountControls, AuthDialogsProvider } from '@/features/auth';
import { SiteFooter, SiteHeader } from '@/features/landing';
import { SetupNotice } from '@/features/subscription';
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
      <SetupNotice />
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
