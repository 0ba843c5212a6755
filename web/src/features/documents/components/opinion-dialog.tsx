import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import type { Citation } from '../../../types/api';
import { useCaseOpinion } from '../api/get-case-opinion';
import { courtListenerUrl } from '../lib/citations';

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

/** The opinion behind a verified citation, fetched through the server (SPEC section 7). */
export function OpinionDialog({ citation, onClose }: { citation: Citation | null; onClose: () => void }) {
  const url = citation?.courtListenerData?.absolute_url ?? null;
  const opinion = useCaseOpinion(citation ? url : null);
  const data = citation?.courtListenerData;
  const external = courtListenerUrl(url);

  let body;
  if (!url) body = <p data-testid="opinion-message">Case opinion text not available for this citation</p>;
  else if (opinion.isPending) body = <Spinner label="Loading case opinion" />;
  else if (opinion.isError) body = <p data-testid="opinion-message">Error loading case opinion. Please try again later.</p>;
  else if (!opinion.data) body = <p data-testid="opinion-message">Case opinion could not be retrieved</p>;
  else body = <OpinionText data-testid="opinion-text" tabIndex={0}>{opinion.data}</OpinionText>;

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
          <a href={external} target="_blank" rel="noreferrer">
            Open on CourtListener
          </a>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
