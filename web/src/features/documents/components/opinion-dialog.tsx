import { Fragment } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Muted } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import type { Citation } from '@citecheck/proto/graphql/types';
import { useCaseOpinion } from '@/features/documents/api/get-case-opinion';
import { courtListenerUrl } from '@/lib/citations';

const OpinionText = styled.div`
  white-space: pre-wrap;
  font-family: ${({ theme }) => theme.fonts.serif};
  line-height: 1.55;
  max-height: 55vh;
  overflow-y: auto;
  padding: 1rem;
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radius.md};
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.35rem 0.9rem;
  margin: 0 0 1rem;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

/** What the case-law database says about the case: enough to recognise it without its text. */
function CaseDetails({ citation }: { citation: Citation }) {
  const data = citation.courtListenerData;
  const rows: [string, string | number | null | undefined][] = [
    ['Case name', data?.caseName ?? citation.caseName],
    ['Court', data?.court],
    ['Decided', data?.year],
    ['Citation', citation.text],
  ];
  return (
    <Details data-testid="opinion-case-details">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </Details>
  );
}

/**
 * The opinion behind a verified citation, fetched through the server (SPEC section 7). Where
 * this installation has no opinion texts (no CourtListener token), the case's details from
 * the case-law database and a link to the opinion on CourtListener take the text's place.
 */
export function OpinionDialog({ citation, onClose }: { citation: Citation | null; onClose: () => void }) {
  const url = citation?.courtListenerData?.absoluteUrl ?? null;
  const opinion = useCaseOpinion(citation ? url : null);
  const data = citation?.courtListenerData;
  const external = courtListenerUrl(url);
  const notHere = opinion.isError && isApiError(opinion.error) && opinion.error.status === 404;

  let body;
  if (!citation) body = null;
  else if (!url) body = <p data-testid="opinion-message">Case opinion text not available for this citation</p>;
  else if (opinion.isPending) body = <Spinner label="Loading case opinion" />;
  else if (opinion.data?.text) body = <OpinionText data-testid="opinion-text" tabIndex={0}>{opinion.data.text}</OpinionText>;
  else if (opinion.data?.textAvailable === false || notHere) {
    body = (
      <>
        <CaseDetails citation={citation} />
        <Muted data-testid="opinion-message">The full text of this opinion is not stored here; it can be read on CourtListener.</Muted>
      </>
    );
  } else if (opinion.isError) {
    body = (
      <>
        <CaseDetails citation={citation} />
        <p data-testid="opinion-message">Error loading case opinion. Please try again later.</p>
      </>
    );
  } else {
    body = (
      <>
        <CaseDetails citation={citation} />
        <p data-testid="opinion-message">Case opinion could not be retrieved</p>
      </>
    );
  }

  return (
    <Dialog
      open={Boolean(citation)}
      onClose={onClose}
      wide
      testId="opinion-dialog"
      title={data?.caseName ?? citation?.caseName ?? 'Case Opinion'}
      description={[citation?.text, data?.court, data?.year].filter(Boolean).join(' · ')}
    >
      {body}
      <DialogActions>
        {external ? (
          <a href={external} target="_blank" rel="noreferrer" data-testid="opinion-courtlistener-link">
            Read the opinion on CourtListener
          </a>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
