import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Container, Muted } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { adminSessionQueryKey, useAdminSession, type AdminSession } from '@/features/admin/api/admin-session';
import { useAdminLogout } from '@/features/admin/api/admin-logout';
import { isNotAdmin } from '@/features/admin/lib/errors';
import { AdminLoginForm } from './admin-login-form';
import { Tabs } from './tabs';
import { UsageMetricsTab } from './usage-metrics-tab';
import { VisitorAnalyticsTab } from './visitor-analytics-tab';

const Page = styled(Container)`
  padding-top: 2rem;
  padding-bottom: 3rem;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  justify-content: space-between;
  align-items: flex-start;
  margin-bottom: 1.25rem;
  h1 { margin: 0; font-family: ${({ theme }) => theme.fonts.serif}; }
  h1:focus { outline: none; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

type TabKey = 'usage' | 'visitors';

/**
 * A read or a change refused because the admin session ended (expired, or ended in another
 * tab) sends the console back to the login form instead of leaving every section showing its
 * failure.
 */
function useSignOutWhenRefused() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const signOut = () => queryClient.setQueryData(adminSessionQueryKey, null);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      const query = event.query;
      if (event.type !== 'updated' || query.queryKey[0] !== 'admin' || query.queryKey[1] === 'session') return;
      if (query.state.status === 'error' && isNotAdmin(query.state.error?.cause)) signOut();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      const mutation = event.mutation;
      if (event.type !== 'updated' || !mutation) return;
      if (mutation.state.status === 'error' && isNotAdmin(mutation.state.error?.cause)) signOut();
      // Every change the admin makes is written to the audit log, which is read again.
      if (mutation.state.status === 'success') void queryClient.invalidateQueries({ queryKey: ['admin', 'audit-log'] });
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

function AdminDashboard({ session }: { session: AdminSession }) {
  const [tab, setTab] = useState<TabKey>('usage');
  const logout = useAdminLogout();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  useSignOutWhenRefused();
  // After signing in, the sign-in button is gone: focus goes to the dashboard's heading, so
  // keyboard and screen-reader users start at the top of what they came for.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  // Reads are kept until asked for again (SPEC: data never goes stale, no polling), so the
  // admin asks: every admin read on screen is fetched anew.
  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== 'session' });
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <Page data-testid="admin-dashboard">
      <Head>
        <div>
          <h1 ref={heading} tabIndex={-1}>
            Admin Dashboard
          </h1>
          <Muted>Signed in as {session.email}</Muted>
        </div>
        <Actions>
          <Button $variant="ghost" onClick={refresh} disabled={refreshing} data-testid="admin-refresh">
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
          <Button
            $variant="secondary"
            // The promise, not mutate's callbacks: this screen unmounts as the session ends.
            onClick={() => logout.mutateAsync().then(() => toast({ title: 'Logged out' }), () => undefined)}
            disabled={logout.isPending}
            data-testid="admin-logout"
          >
            Logout
          </Button>
        </Actions>
      </Head>
      <Tabs<TabKey>
        label="Admin dashboard"
        selected={tab}
        onSelect={setTab}
        items={[
          { key: 'usage', label: 'Usage Metrics', content: <UsageMetricsTab /> },
          { key: 'visitors', label: 'Visitor Analytics', content: <VisitorAnalyticsTab /> },
        ]}
      />
    </Page>
  );
}

/** /metrics: the admin login form, or the dashboard while the server knows this browser as the admin. */
export function AdminConsole() {
  const session = useAdminSession();
  const queryClient = useQueryClient();
  const signedOut = !session.isPending && !session.data;
  // Signed out, nothing of the admin's data stays in this tab's memory. After the commit that
  // unmounted the dashboard, so no screen is still watching (and refetching) what is removed.
  useEffect(() => {
    if (signedOut) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== 'session' });
  }, [signedOut, queryClient]);
  if (session.isPending) {
    return (
      <Page>
        <Spinner label="Loading admin console" />
      </Page>
    );
  }
  // Not being able to ask is treated as signed out: the login form answers with the server's reason.
  if (!session.data) {
    return (
      <Page>
        <AdminLoginForm />
      </Page>
    );
  }
  return <AdminDashboard session={session.data} />;
}
