import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Container, Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { dismissErrorToasts, toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { authStatusQueryKey, useAuthStatus } from '@/lib/auth';
import { sessionToken } from '@/lib/storage';
import { PasswordRequiredError, useUserDocuments, type DashboardDocument } from '@/features/dashboard/api/get-documents';
import { useReportUsage } from '@/features/dashboard/api/get-report-usage';
import { formatAccuracy, formatUploadDate } from '@/features/dashboard/lib/format';

const Page = styled(Container)`
  padding-top: 2rem;
  padding-bottom: 3rem;
  display: grid;
  gap: 1.25rem;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 1rem;
  align-items: flex-start;
  h1 { margin: 0; font-family: ${({ theme }) => theme.fonts.serif}; }
  .actions { display: flex; gap: 0.5rem; flex-wrap: wrap; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1rem;
`;

const DocCard = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: 1rem;
  display: grid;
  gap: 0.6rem;
  h3 { margin: 0; font-size: 1.05rem; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 0.8rem; margin: 0; font-size: 0.92rem; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .row { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; }
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Skeleton = styled.li`
  height: 9rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) { animation: none; }
`;

/** Copies the site origin plus /report/{reportId} (SPEC section 2). */
async function copyReportLink(reportId: string) {
  try {
    await navigator.clipboard.writeText(`${window.location.origin}${paths.report(reportId)}`);
    toast({ title: 'Link Copied' });
  } catch {
    toast({ title: 'Copy failed', description: 'Failed to copy link. Please copy the URL manually.', variant: 'destructive' });
  }
}

function DocumentCard({ document }: { document: DashboardDocument }) {
  const navigate = useNavigate();
  const report = document.validationReport;
  return (
    <DocCard data-testid="dashboard-document" data-document-id={document.id}>
      <div className="row">
        <h3>{document.filename}</h3>
        <Badge $tone="valid">Processed</Badge>
      </div>
      <dl>
        <dt>Uploaded</dt>
        <dd data-testid="document-date">{formatUploadDate(document.uploadedAt)}</dd>
        <dt>File type</dt>
        <dd>{document.fileType}</dd>
        <dt>Document ID</dt>
        <dd>{document.id}</dd>
      </dl>
      {report ? (
        <>
          <strong>Validation Summary</strong>
          <dl data-testid="document-summary">
            <dt>Total</dt>
            <dd>{report.totalCitations}</dd>
            <dt>Valid</dt>
            <dd>{report.validCitations}</dd>
            <dt>Invalid</dt>
            <dd>{report.invalidCitations}</dd>
            <dt>Accuracy</dt>
            <dd>
              {report.validCitations + report.invalidCitations > 0
                ? `${formatAccuracy(report.accuracyRate)} of ${report.validCitations + report.invalidCitations} checked`
                : '— (none checked)'}
            </dd>
          </dl>
          <div className="row">
            <Button $variant="secondary" onClick={() => void copyReportLink(report.id)} data-testid="document-copy-link">
              Copy Link
            </Button>
            <Button onClick={() => navigate(paths.report(report.id))} data-testid="document-view-report">
              View Report
            </Button>
          </div>
        </>
      ) : (
        <Muted>No report has been generated for this document yet.</Muted>
      )}
    </DocCard>
  );
}

function DashboardRestricted({ apiKeys }: { apiKeys?: ReactNode }) {
  const navigate = useNavigate();
  const usage = useReportUsage(true);
  const remaining = usage.data ? Math.max(0, usage.data.reportLimit - usage.data.reportsUsed) : null;
  return (
    <Dialog open role="alertdialog" title="Dashboard Access Restricted" testId="dashboard-restricted" wide={Boolean(apiKeys)}>
      {usage.data ? (
        <p data-testid="dashboard-restricted-usage">
          You have {remaining} of {usage.data.reportLimit} reports remaining on the free plan.
        </p>
      ) : usage.isError ? (
        <p role="alert">Failed to fetch report usage</p>
      ) : (
        <Spinner label="Loading report usage" />
      )}
      <p>Upgrade to Premium to keep every document and report in one dashboard, share report links and check more briefs each month.</p>
      <DialogActions>
        <Button $variant="secondary" onClick={() => navigate(paths.home)} data-testid="dashboard-restricted-back-home">
          Back to Home
        </Button>
        <Button onClick={() => navigate(paths.subscription)} data-testid="dashboard-restricted-upgrade" data-autofocus>
          Upgrade to Premium
        </Button>
      </DialogActions>
      {/* API keys work within the free plan's reports too, so the modal leaves them reachable. */}
      {apiKeys ? <div style={{ marginTop: '1.5rem' }}>{apiKeys}</div> : null}
    </Dialog>
  );
}

function PasswordRequired({ email, setupRequired }: { email: string; setupRequired: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <Card data-testid="dashboard-password-required">
      <CardTitle as="h1">Password Required</CardTitle>
      <Muted>Your dashboard holds your documents and reports, so it opens only after you sign in with your password.</Muted>
      {setupRequired ? <p data-testid="dashboard-setup-required">Your paid plan has no password yet: choose it to finish setting up your account.</p> : null}
      <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
        {setupRequired ? (
          // No password to sign in with yet: the setup sets it (and opens the dashboard).
          <Button onClick={() => navigate(paths.subscription)} data-testid="dashboard-finish-setup">
            Finish Account Setup
          </Button>
        ) : (
          <Button
            onClick={() => window.dispatchEvent(new CustomEvent('openAuthDialog', { detail: { mode: 'login', email } }))}
            data-testid="dashboard-sign-in-password"
          >
            Sign In with Password
          </Button>
        )}
        <Button
          $variant="secondary"
          onClick={async () => {
            // The server ends the cookie session too; the stored token goes whatever it answers.
            await api.post('/api/auth/logout').catch(() => undefined);
            sessionToken.clear();
            await queryClient.invalidateQueries({ queryKey: authStatusQueryKey });
          }}
          data-testid="dashboard-sign-out"
        >
          Sign Out
        </Button>
      </div>
    </Card>
  );
}

/**
 * /dashboard (SPEC section 2). `apiKeys` is the API keys section the route composes in (another
 * feature's): below the documents for paid plans, inside the restricted modal for free users.
 */
export function DashboardView({ apiKeys }: { apiKeys?: ReactNode } = {}) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { data: auth, isPending: authPending } = useAuthStatus();
  const userType = auth?.user?.userType ?? 'free';
  const signedIn = auth?.isAuthenticated === true;
  const paid = signedIn && userType !== 'free';
  const documents = useUserDocuments(paid);
  // Read once on arrival: the query string is cleared right after, the modal stays until closed.
  const [congratulate, setCongratulate] = useState(() => search.get('success') === 'true');

  useEffect(() => {
    if (search.has('success') || search.has('plan')) setSearch({}, { replace: true });
  }, [search, setSearch]);

  // The congratulations must not sit beside an error left from the payment's earlier tries.
  useEffect(() => {
    if (congratulate) dismissErrorToasts();
  }, [congratulate]);

  if (authPending) {
    return (
      <Page>
        <Spinner label="Loading dashboard" />
      </Page>
    );
  }

  if (!signedIn) {
    return (
      <Page>
        <Card data-testid="dashboard-access-denied">
          <CardTitle as="h1">Access Denied</CardTitle>
          <Muted>Please sign in to access your dashboard</Muted>
          <div>
            <Button onClick={() => navigate(paths.home)} data-testid="dashboard-go-home">
              Go to Home
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  if (documents.error instanceof PasswordRequiredError) {
    return (
      <Page>
        <PasswordRequired email={auth?.user?.email ?? ''} setupRequired={auth?.accountSetupRequired === true} />
      </Page>
    );
  }

  const name = auth?.user?.name?.trim();
  return (
    <Page>
      <Head>
        <div>
          <h1>My Dashboard</h1>
          <Muted>Welcome back{name ? `, ${name}` : ''}!</Muted>
        </div>
        <div className="actions">
          {paid ? (
            <Button $variant="secondary" onClick={() => navigate(paths.billing)} data-testid="dashboard-billing">
              Billing
            </Button>
          ) : null}
          <Button $variant="secondary" onClick={() => navigate(paths.home)} data-testid="dashboard-back-home">
            Back to Home
          </Button>
        </div>
      </Head>
      <Card aria-busy={documents.isPending && paid}>
        <CardTitle>Your Documents &amp; Reports</CardTitle>
        {!paid ? null : documents.isPending ? (
          <List aria-label="Loading documents">
            <Skeleton />
            <Skeleton />
            <Skeleton />
          </List>
        ) : documents.isError ? (
          <p role="alert" data-testid="dashboard-documents-error">
            Failed to fetch documents
          </p>
        ) : documents.data.length === 0 ? (
          <div data-testid="dashboard-empty">
            <p>No documents yet</p>
            <Button onClick={() => navigate(`${paths.home}#upload`)} data-testid="dashboard-upload">
              Upload Document
            </Button>
          </div>
        ) : (
          <List>
            {documents.data.map((document) => (
              <DocumentCard key={document.id} document={document} />
            ))}
          </List>
        )}
      </Card>
      {paid && apiKeys ? <Card>{apiKeys}</Card> : null}
      {!paid ? <DashboardRestricted apiKeys={apiKeys} /> : null}
      <Dialog open={paid && congratulate} onClose={() => setCongratulate(false)} title="Congratulations!" testId="dashboard-congratulations">
        <p>Your {userType === 'enterprise' ? 'Enterprise' : 'Premium'} subscription is active. Your documents and reports will appear on this dashboard.</p>
        <DialogActions>
          <Button $variant="secondary" onClick={() => navigate(paths.home)} data-testid="congratulations-back-home">
            Back to Home
          </Button>
          <Button onClick={() => setCongratulate(false)} data-testid="congratulations-view-dashboard" data-autofocus>
            View Dashboard
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}
