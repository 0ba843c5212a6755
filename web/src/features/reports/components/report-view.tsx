import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Container, Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { downloadText } from '@/lib/download';
import type { Citation } from '@citecheck/proto/graphql/types';
import { useAuthStatus } from '@/lib/auth';
import { CitationStatusBadge } from '@/components/citations/citation-status';
import { ValidationSummary } from '@/components/citations/validation-summary';
import { AnnotatedBrief } from '@/components/annotated/annotated-brief';
import { QuoteChecks } from '@/components/citations/quote-checks';
import { quoteTotalsOf } from '@/lib/quotes';
import { checkedAgainstOf, courtListenerUrl, locationOf, reportDetailText, statusOf, totalsOf } from '@/lib/citations';
import { useCitations } from '@/lib/document-citations';
import { ReportNotFoundError, useReport } from '@/features/reports/api/get-report';
import { backLinkFor, buildJsonExport, jsonFileName } from '@/features/reports/lib/report-export';

const Page = styled(Container)`
  padding-top: 2rem;
  padding-bottom: 3rem;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25rem;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 1rem;
  align-items: flex-start;
  h1 { margin: 0; font-family: ${({ theme }) => theme.fonts.serif}; }
`;

const Share = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
  align-items: center;
  input { font: inherit; padding: 0.45rem 0.6rem; border: 1px solid #6b7280; border-radius: 8px; min-width: 260px; flex: 1; }
  label { font-weight: 600; }
`;

const List = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: 0.8rem;
`;

const Item = styled.li<{ $status: string }>`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 5px solid ${({ theme, $status }) => ($status === 'valid' ? theme.colors.valid : $status === 'invalid' ? theme.colors.invalid : theme.colors.pending)};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem;
  background: ${({ theme }) => theme.colors.surface};
  min-width: 0;
  .text { font-family: ${({ theme }) => theme.fonts.serif}; font-size: 1.05rem; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 0.8rem; margin: 0.6rem 0 0; font-size: 0.92rem; }
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; }
`;

function CitationDetail({ citation }: { citation: Citation }) {
  const data = citation.courtListenerData;
  const url = courtListenerUrl(data?.absoluteUrl);
  const location = locationOf(citation);
  return (
    <Item $status={statusOf(citation)} data-testid="report-citation" data-status={statusOf(citation)}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: '1rem', flexWrap: 'wrap' }}>
        <span className="text">{citation.text}</span>
        <CitationStatusBadge citation={citation} />
      </div>
      <dl>
        <dt>Type</dt>
        <dd>{citation.type}</dd>
        {citation.caseName ? (
          <>
            <dt>Case name</dt>
            <dd>{citation.caseName}</dd>
          </>
        ) : null}
        {location ? (
          <>
            <dt>Location</dt>
            <dd data-testid="report-citation-location">{location.long}</dd>
          </>
        ) : null}
        {citation.isValid !== null && citation.isValid !== undefined && typeof citation.confidence === 'number' ? (
          <>
            <dt>Confidence</dt>
            <dd>{Math.round(citation.confidence)}%</dd>
          </>
        ) : null}
        {data?.caseName || data?.court || data?.year ? (
          <>
            <dt>Database record</dt>
            <dd>{[data.caseName, data.court, data.year].filter(Boolean).join(', ')}</dd>
          </>
        ) : null}
        <dt>Details</dt>
        <dd data-testid="report-citation-details">{reportDetailText(citation)}</dd>
        {citation.checkedAgainst ? (
          <>
            <dt>Checked against</dt>
            <dd data-testid="report-citation-checked-against">{citation.checkedAgainst}</dd>
          </>
        ) : null}
        {url ? (
          <>
            <dt>Source</dt>
            <dd>
              <a href={url} target="_blank" rel="noreferrer">
                View on CourtListener
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <QuoteChecks quotes={citation.quotes} />
    </Item>
  );
}

function AccessRestricted() {
  const navigate = useNavigate();
  return (
    <Dialog open role="alertdialog" title="Report Access Restricted" testId="report-access-restricted">
      <p>Detailed validation reports are part of the Premium and Enterprise plans. Upgrade to open this report, keep your report history and share results with your team.</p>
      <DialogActions>
        <Button $variant="secondary" onClick={() => navigate(paths.home)} data-testid="restricted-back-home">
          Back to Home
        </Button>
        <Button onClick={() => navigate(paths.subscription)} data-testid="restricted-upgrade" data-autofocus>
          Upgrade to Premium
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The shareable validation report at /report/{id} and /results/{id}. `isAdmin`: the server
 * knows this browser as the admin, whose way back from a missing report is the console.
 */
export function ReportView({ reportId, isAdmin = false }: { reportId: string; isAdmin?: boolean }) {
  const { data: auth, isPending: authPending } = useAuthStatus();
  const restricted = auth?.isAuthenticated === true && auth.user?.userType === 'free';
  const reportQuery = useReport(reportId);
  const documentId = reportQuery.data?.report.documentId ?? reportQuery.data?.document?.id;
  // Free users see only the blocking modal; the server would refuse them the details anyway.
  const citationsQuery = useCitations(restricted || authPending ? null : documentId);

  if (reportQuery.isPending || authPending) {
    return (
      <Page>
        <Spinner label="Loading report" />
      </Page>
    );
  }

  if (reportQuery.isError) {
    const notFound = reportQuery.error instanceof ReportNotFoundError || (reportQuery.error as { status?: number }).status === 404;
    const back = backLinkFor(auth, isAdmin);
    return (
      <Page>
        <Card data-testid="report-not-found" style={{ textAlign: 'center' }}>
          <CardTitle as="h1">Report Not Found</CardTitle>
          <p>The validation report you're looking for doesn't exist or has been removed.</p>
          {!notFound ? <Muted>Failed to fetch report</Muted> : null}
          <p>
            <Link to={back.to} data-testid="report-back-link">
              {back.label}
            </Link>
          </p>
        </Card>
      </Page>
    );
  }

  const { report, document } = reportQuery.data;
  const citations = citationsQuery.data ?? [];
  const shareUrl = `${window.location.origin}${paths.report(reportId)}`;
  const totals = citations.length > 0 ? totalsOf(citations) : totalsOf([], report);
  const sources = checkedAgainstOf(citations);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(shareUrl);
      toast({ title: 'Link copied', description: 'Anyone with this link can view the report.' });
    } catch {
      toast({ title: 'Copy failed', description: 'Failed to copy link. Please copy the URL manually.', variant: 'destructive' });
    }
  }

  function exportJson() {
    try {
      downloadText(buildJsonExport({ report, document, citations, exportedAt: new Date() }), jsonFileName(reportId), 'application/json');
    } catch (error) {
      console.error('JSON export failed', error);
      toast({ title: 'Export Failed', description: 'Failed to generate report', variant: 'destructive' });
    }
  }

  const generated = report.generatedAt ?? report.createdAt;
  return (
    <Page data-testid="report-page">
      {restricted ? <AccessRestricted /> : null}
      <Head>
        <div>
          <h1>Validation Report</h1>
          <Muted>
            {document?.filename ?? 'Document'}
            {generated ? ` · generated ${new Date(generated).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
          </Muted>
        </div>
        <Link to={paths.home}>Back to Home</Link>
      </Head>
      <Card aria-label="Share and export">
        <Share>
          <label htmlFor="share-url">Share link</label>
          <input id="share-url" readOnly value={shareUrl} data-testid="share-link" onFocus={(e) => e.currentTarget.select()} />
          <Button onClick={copyLink} data-testid="copy-link">
            Copy Link
          </Button>
          <Button $variant="secondary" onClick={exportJson} data-testid="export-json">
            Export JSON
          </Button>
          <AnnotatedBrief documentId={report.documentId} />
        </Share>
      </Card>
      <ValidationSummary totals={totals} quotes={quoteTotalsOf(citations)} title="Summary" testId="report-summary" />
      {!restricted ? (
        <Card aria-labelledby="citation-details-title">
          <CardTitle id="citation-details-title">Citation Details</CardTitle>
          {sources.length ? <Muted data-testid="report-checked-against">Checked against: {sources.join('; ')}</Muted> : null}
          {citations.some((c) => locationOf(c)?.note) ? (
            <Muted data-testid="report-location-note">No page numbers in this document: citations are located by paragraph.</Muted>
          ) : null}
          {citationsQuery.isLoading ? <Spinner label="Loading citations" /> : null}
          {citationsQuery.isError ? <Muted role="alert">Failed to fetch citations</Muted> : null}
          {citationsQuery.isSuccess && citations.length === 0 ? <Muted>No Citations Found</Muted> : null}
          <List>
            {citations.map((citation) => (
              <CitationDetail key={citation.id} citation={citation} />
            ))}
          </List>
        </Card>
      ) : null}
    </Page>
  );
}
