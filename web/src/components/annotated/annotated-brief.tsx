import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-client';
import { useAnnotatedAccess, useDownloadAnnotated, useSetAnnotatedSharing } from '@/lib/annotated-brief';

const Row = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

/** A checkbox and its words on one line, whatever the page around it does with labels and inputs (doubled class: it wins over the page's rules). */
const Choice = styled.label`
  && {
    display: inline-flex;
    flex-direction: row;
    align-items: center;
    gap: 0.4rem;
    font-size: 0.875rem;
    font-weight: 500;
  }
  && input[type='checkbox'] {
    flex: none;
    min-width: 0;
    width: 1rem;
    height: 1rem;
    margin: 0;
    padding: 0;
  }
`;

/**
 * "Download annotated brief": the lawyer's own document back, with a comment (Word) or a
 * highlight (PDF) on each citation with a finding. Shown to whoever the server lets download it
 * (the owner, or a report-link visitor while the owner shares it); the owner also gets the
 * choice to let the report link offer it. Nothing shows while the copy cannot be made.
 */
export function AnnotatedBrief({ documentId }: { documentId: string }) {
  const access = useAnnotatedAccess(documentId);
  const download = useDownloadAnnotated();
  const sharing = useSetAnnotatedSharing();
  const shareId = useId();
  const info = access.data;
  if (!info?.available || (!info.canDownload && !info.isOwner)) return null;

  async function onDownload() {
    try {
      await download.mutateAsync(documentId);
      toast({ title: 'Download Complete', description: 'Your annotated brief is downloaded.' });
    } catch (error) {
      toast({ title: 'Download Failed', description: (isApiError(error) && error.serverMessage) || 'The annotated brief could not be downloaded.', variant: 'destructive' });
    }
  }

  async function onShare(shared: boolean) {
    try {
      await sharing.mutateAsync({ documentId, shared });
    } catch (error) {
      toast({ title: 'Sharing Failed', description: (isApiError(error) && error.serverMessage) || 'The sharing choice could not be saved.', variant: 'destructive' });
    }
  }

  return (
    <Row data-testid="annotated-brief">
      {info.canDownload ? (
        <Button $variant="secondary" onClick={onDownload} disabled={download.isPending} data-testid="download-annotated" aria-busy={download.isPending}>
          {download.isPending ? 'Preparing annotated brief...' : `Download annotated brief (.${info.format})`}
        </Button>
      ) : null}
      {info.isOwner ? (
        <Choice htmlFor={shareId}>
          <input id={shareId} type="checkbox" checked={info.shared} onChange={(e) => onShare(e.target.checked)} data-testid="share-annotated" />
          Report link may download it
        </Choice>
      ) : null}
    </Row>
  );
}
