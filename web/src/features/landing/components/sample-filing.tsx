import { useState } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';

/** Written to public/ at build time by scripts/build-sample-filing.ts. */
export const SAMPLE_FILING_URL = '/sample-filing.pdf';
const SAMPLE_FILING_NAME = 'sample-filing.pdf';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.7rem;
  margin-top: 1rem;
`;

/** The demo brief with planted fabrications; "Upload & Test Now" runs it through the normal upload. */
export function SampleFiling({ onUpload }: { onUpload: (file: File) => void }) {
  const [loading, setLoading] = useState(false);

  async function uploadSample() {
    setLoading(true);
    try {
      const response = await fetch(SAMPLE_FILING_URL);
      if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
      const blob = await response.blob();
      onUpload(new File([blob], SAMPLE_FILING_NAME, { type: 'application/pdf' }));
    } catch (error) {
      toast({ title: 'Upload Failed', description: error instanceof Error ? error.message : 'Unknown error occurred', variant: 'destructive' });
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card data-testid="sample-filing" aria-labelledby="sample-title">
      <CardTitle id="sample-title">Try It With a Sample Court Filing</CardTitle>
      <p>
        Our sample brief, an opposition to a motion to dismiss in an airline injury case, mixes real Supreme Court authority with
        citations that were made up, in the manner of <em>Mata v. Avianca</em>. See how many you can spot, then let CiteCheck find
        them.
      </p>
      <Actions>
        <ButtonLink href={SAMPLE_FILING_URL} download={SAMPLE_FILING_NAME} $variant="secondary" data-testid="sample-download">
          Download PDF
        </ButtonLink>
        <Button onClick={uploadSample} disabled={loading} data-testid="sample-upload">
          {loading ? 'Loading sample...' : 'Upload & Test Now'}
        </Button>
      </Actions>
    </Card>
  );
}
