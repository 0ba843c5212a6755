import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@/components/ui/card';
import type { LimitDetails } from '@/lib/api-client';
import { useAuthDialogs } from '@/features/auth';
import { ProgressCard, ResultsSection, UploadCard, useDocumentProcessing } from '@/features/documents';
import { totalsOf } from '@/lib/citations';
import { useCitations } from '@/lib/document-citations';
import { FeatureCards, Hero, SampleFiling, SupportForm, TestimonialCarousel } from '@/features/landing';
import { UpgradeDialog } from '@/features/subscription';

const Stack = styled(Container)`
  display: grid;
  /* minmax(0, 1fr): a wide results table scrolls inside its card instead of widening the page. */
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem;
  padding-top: 2.5rem;
  scroll-margin-top: 80px;
`;

const Anchor = styled.div`
  scroll-margin-top: 90px;
`;

/** The landing page: pitch, sample filing, the upload-to-results flow and support. */
export default function HomeRoute() {
  const dialogs = useAuthDialogs();
  const location = useLocation();
  const [limit, setLimit] = useState<(LimitDetails & { message?: string }) | null>(null);
  const processing = useDocumentProcessing({ onNeedsAuth: dialogs.openGetStarted, onLimitReached: setLimit });
  const { document, report, progress, fileName } = processing.state;
  const citations = useCitations(document?.id);

  // The header's Support button links here from other pages as /#support.
  useEffect(() => {
    if (location.hash === '#support') document_scroll('support');
  }, [location.hash]);

  const totals = citations.data ? totalsOf(citations.data) : null;

  return (
    <>
      <Hero onStart={() => document_scroll('upload')} />
      <FeatureCards />
      <Stack as="section" aria-label="Sample filing">
        <SampleFiling onUpload={processing.submitFile} />
      </Stack>
      <Stack as="section" id="upload" aria-label="Check a document">
        <UploadCard onFile={processing.submitFile} busy={processing.busy} />
        <ProgressCard progress={progress} fileName={fileName} totals={totals} onCancel={() => void processing.cancel()} cancelling={processing.cancelling} />
        {document ? <ResultsSection document={document} report={report} /> : null}
      </Stack>
      <TestimonialCarousel />
      <Anchor id="support">
        <Stack>
          <SupportForm />
        </Stack>
      </Anchor>
      {limit ? (
        <UpgradeDialog
          open
          message={limit.message}
          reportsUsed={limit.reportsUsed}
          reportLimit={limit.reportLimit}
          userType={limit.userType}
          onLeave={() => setLimit(null)}
        />
      ) : null}
    </>
  );
}

function document_scroll(id: string) {
  window.document.getElementById(id)?.scrollIntoView();
}
