import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { downloadText } from '@/lib/download';
import type { Citation, ValidationReport } from '@citecheck/proto/graphql/types';
import type { DocumentSummary } from '@/features/documents/api/upload-document';
import { useCitations } from '@/lib/document-citations';
import { useRecheckCitation } from '@/features/documents/api/recheck-citation';
import {
  CITATION_FILTERS,
  STATUS_LABELS,
  contextExcerpt,
  filterCitations,
  locationOf,
  resultDetails,
  statusLabel,
  statusOf,
  totalsOf,
  type CitationFilter,
} from '@/lib/citations';
import { buildCsvReport, csvFileName } from '@/features/documents/lib/csv-export';
import { CitationStatusBadge } from '@/components/citations/citation-status';
import { OpinionDialog } from './opinion-dialog';
import { ValidationSummary } from '@/components/citations/validation-summary';
import { AnnotatedBrief } from '@/components/annotated/annotated-brief';
import { isQuoteProblem, quoteTallyText, quoteTotalsOf } from '@/lib/quotes';

/** Context shown under a citation; the whole sentence is in the title. */
const CONTEXT_CHARS = 160;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.7rem;
  align-items: flex-end;
  margin-bottom: 1rem;
  label { display: flex; flex-direction: column; font-weight: 600; font-size: 0.9rem; gap: 0.25rem; }
  select, input { font: inherit; padding: 0.45rem 0.6rem; border: 1px solid #6b7280; border-radius: 8px; background: #fff; color: inherit; }
  select:focus-visible, input:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
  .grow { flex: 1 1 220px; }
`;

const TableScroll = styled.div`
  overflow-x: auto;
  ${({ theme }) => theme.media.mobile} { overflow-x: visible; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.93rem;
  th, td { text-align: left; padding: 0.65rem 0.5rem; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  th { background: ${({ theme }) => theme.colors.background}; font-size: 0.82rem; text-transform: uppercase; letter-spacing: 0.03em; color: ${({ theme }) => theme.colors.muted}; }
  tr[data-status='invalid'] td:first-child { border-left: 4px solid ${({ theme }) => theme.colors.invalid}; }
  tr[data-status='valid'] td:first-child { border-left: 4px solid ${({ theme }) => theme.colors.valid}; }
  tr[data-status='pending'] td:first-child { border-left: 4px solid ${({ theme }) => theme.colors.pending}; }
  .citation { font-family: ${({ theme }) => theme.fonts.serif}; font-size: 1rem; width: 30%; min-width: 240px; }
  .case { min-width: 150px; }
  .details { min-width: 220px; }
  .actions { display: flex; flex-direction: column; gap: 0.35rem; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; }
  small.quote-problem { color: ${({ theme }) => theme.colors.invalid}; font-weight: 600; }

  /* On a phone the seven columns do not fit: each citation becomes a card of labelled lines,
     so nothing scrolls sideways. */
  ${({ theme }) => theme.media.mobile} {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    tbody, tr, td { display: block; width: auto; }
    tr { border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 8px; margin-bottom: 0.8rem; padding: 0.35rem 0; }
    tr[data-status] td:first-child { border-left: none; }
    tr[data-status='invalid'] { border-left: 4px solid ${({ theme }) => theme.colors.invalid}; }
    tr[data-status='valid'] { border-left: 4px solid ${({ theme }) => theme.colors.valid}; }
    tr[data-status='pending'] { border-left: 4px solid ${({ theme }) => theme.colors.pending}; }
    td { border-bottom: none; padding: 0.3rem 0.75rem; overflow-wrap: anywhere; }
    td[data-label]::before { content: attr(data-label); display: block; font-size: 0.75rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.03em; color: ${({ theme }) => theme.colors.muted}; }
    .citation, .case, .details { width: auto; min-width: 0; }
    .actions { flex-direction: row; flex-wrap: wrap; }
  }
`;

const Pager = styled.nav`
  display: flex;
  justify-content: space-between;
  align-items: center;
  margin-top: 1rem;
`;

const Empty = styled.div`
  text-align: center;
  padding: 1.5rem 0;
  ul { display: inline-block; text-align: left; color: ${({ theme }) => theme.colors.muted}; }
`;

function CitationRow({ citation, documentId, onOpenOpinion }: { citation: Citation; documentId: string; onOpenOpinion: (c: Citation) => void }) {
  const recheck = useRecheckCitation();
  const details = resultDetails(citation);
  const location = locationOf(citation);
  const data = citation.courtListenerData;
  const isCase = citation.type === 'case';

  async function onRecheck() {
    try {
      const fresh = await recheck.mutateAsync({ citationId: citation.id, documentId });
      // Said, not only redrawn: a recheck that confirms the verdict changes nothing on screen.
      const now = fresh ?? citation;
      const changed = now.isValid !== citation.isValid;
      toast({
        title: 'Recheck Complete',
        description: `${citation.text}: ${statusLabel(now)}${changed ? ` (was ${statusLabel(citation)})` : ', unchanged'}.`,
      });
    } catch (error) {
      const status = isApiError(error) ? `${error.status} ${error.statusText}`.trim() : error instanceof Error ? error.message : '';
      toast({ title: 'Recheck Failed', description: `Recheck failed${status ? `: ${status}` : ''}`, variant: 'destructive' });
    }
  }

  return (
    <tr data-testid="citation-row" data-status={statusOf(citation)} data-citation-id={citation.id} data-type={citation.type}>
      <td className="citation" data-label="Citation">
        <span data-testid="citation-text">{citation.text}</span>
        {citation.originalContext ? (
          <small title={citation.originalContext} data-testid="citation-context">
            {contextExcerpt(citation.originalContext, CONTEXT_CHARS)}
          </small>
        ) : null}
      </td>
      <td data-label="Type">{citation.type}</td>
      <td className="case" data-label="Case">
        {citation.caseName ?? '—'}
        {data?.caseName && data.caseName !== citation.caseName ? <small>Database: {data.caseName}</small> : null}
        {data?.court || data?.year ? <small>{[data.court, data.year].filter(Boolean).join(', ')}</small> : null}
      </td>
      <td data-testid="citation-location" data-label="Location">
        {location ? location.short : '—'}
      </td>
      <td data-label="Status">
        <CitationStatusBadge citation={citation} />
        {/* A confidence belongs to a verdict; a citation without one has none to give. */}
        {citation.isValid !== null && citation.isValid !== undefined && typeof citation.confidence === 'number' ? (
          <small>{Math.round(citation.confidence)}% confidence</small>
        ) : null}
        {/* The quotations in one line; the report page shows each with the opinion's words. */}
        {citation.quotes?.length ? (
          <small data-testid="citation-quotes" className={citation.quotes.some((q) => isQuoteProblem(q.status)) ? 'quote-problem' : undefined}>
            {quoteTallyText(citation.quotes)}
          </small>
        ) : null}
      </td>
      <td className="details" data-testid="citation-details" data-label="Details">
        {details.message}
        {details.suggestion ? <small data-testid="citation-suggestion">{details.suggestion}</small> : null}
      </td>
      <td>
        {isCase ? (
          <div className="actions">
            {/* SPEC section 5: the opinion view needs the case's address in the case-law data. */}
            {data?.absoluteUrl ? (
              <Button $size="sm" $variant="secondary" onClick={() => onOpenOpinion(citation)} data-testid="view-opinion-button">
                View Opinion
              </Button>
            ) : null}
            <Button $size="sm" $variant="ghost" onClick={onRecheck} disabled={recheck.isPending} data-testid="recheck-button">
              {recheck.isPending ? 'Rechecking...' : 'Recheck'}
            </Button>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** 'Step 2 - Validation Results' plus the 'Validation Report' summary card. */
export function ResultsSection({ document, report }: { document: DocumentSummary; report: ValidationReport | null }) {
  const citationsQuery = useCitations(document.id);
  const [filter, setFilter] = useState<CitationFilter>('all');
  const [search, setSearch] = useState('');
  const [opinionFor, setOpinionFor] = useState<Citation | null>(null);
  const filterId = useId();
  const searchId = useId();

  const citations = useMemo(() => citationsQuery.data ?? [], [citationsQuery.data]);
  const visible = useMemo(() => filterCitations(citations, filter, search), [citations, filter, search]);
  const totals = totalsOf(citations);
  // Said once for the document, not in every row: a Word file without page breaks has paragraphs only.
  const pagesNote = citations.some((c) => locationOf(c)?.note) ? 'No page numbers in this document: citations are located by paragraph (¶).' : null;

  function onExport() {
    try {
      downloadText(buildCsvReport(citations, report), csvFileName(document.filename, new Date()), 'text/csv;charset=utf-8');
    } catch (error) {
      console.error('CSV export failed', error);
      toast({ title: 'Export Failed', description: 'Failed to generate report', variant: 'destructive' });
    }
  }

  if (citationsQuery.isPending) return <Spinner label="Loading citations" />;

  return (
    <>
      <Card data-testid="results-section" aria-labelledby="results-title">
        <CardTitle id="results-title">Step 2 - Validation Results</CardTitle>
        <Muted>{document.filename}</Muted>
        {citations.length === 0 ? (
          <Empty data-testid="results-empty">
            <h3>No Citations Found</h3>
            <p>We could not find any legal citations in this document. This can happen when:</p>
            <ul>
              <li>The document contains no case, statute or regulation citations.</li>
              <li>The citations use a format we do not recognise yet.</li>
              <li>The text could not be read, for example a low-quality scan.</li>
            </ul>
          </Empty>
        ) : (
          <>
            <Toolbar>
              <label htmlFor={filterId}>
                Status
                <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as CitationFilter)} data-testid="citation-filter">
                  {CITATION_FILTERS.map((value) => (
                    <option key={value} value={value}>
                      {value === 'all' ? 'All citations' : STATUS_LABELS[value]}
                    </option>
                  ))}
                </select>
              </label>
              <label htmlFor={searchId} className="grow">
                Search citations
                <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. Varghese" data-testid="citation-search" />
              </label>
              <Button onClick={onExport} data-testid="export-report">
                Export Report
              </Button>
              <AnnotatedBrief documentId={document.id} />
            </Toolbar>
            {pagesNote ? <Muted data-testid="results-location-note">{pagesNote}</Muted> : null}
            <TableScroll tabIndex={0} role="region" aria-label="Citation results">
              <Table data-testid="results-table">
                <thead>
                  <tr>
                    <th scope="col">Citation</th>
                    <th scope="col">Type</th>
                    <th scope="col">Case</th>
                    <th scope="col">Location</th>
                    <th scope="col">Status</th>
                    <th scope="col">Details</th>
                    <th scope="col">
                      <span>Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {visible.map((citation) => (
                    <CitationRow key={citation.id} citation={citation} documentId={document.id} onOpenOpinion={setOpinionFor} />
                  ))}
                </tbody>
              </Table>
            </TableScroll>
            {visible.length === 0 ? <Muted data-testid="results-no-match">No citations match this filter.</Muted> : null}
            <Pager aria-label="Results pages">
              <Button $variant="secondary" $size="sm" disabled data-testid="results-previous">
                Previous
              </Button>
              <Muted>
                Showing {visible.length} of {citations.length}
              </Muted>
              <Button $variant="secondary" $size="sm" disabled data-testid="results-next">
                Next
              </Button>
            </Pager>
          </>
        )}
      </Card>
      <ValidationSummary totals={report && citations.length === 0 ? totalsOf([], report) : totals} quotes={quoteTotalsOf(citations)} />
      <OpinionDialog citation={opinionFor} onClose={() => setOpinionFor(null)} />
    </>
  );
}
