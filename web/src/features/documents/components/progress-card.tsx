import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Card, CardTitle, Muted } from '@/components/ui/card';

import type { CitationTotals } from '@/lib/citations';
import { canCancel, STAGES, stageStates, type ProcessingStats, type ProgressState } from '@/features/documents/lib/stages';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const Bar = styled.div`
  height: 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.brandSoft};
  overflow: hidden;
  margin: 0.8rem 0;
  span { display: block; height: 100%; background: ${({ theme }) => theme.colors.brand}; transition: width 0.3s; }
`;

const StageList = styled.ol`
  list-style: none;
  padding: 0;
  margin: 1rem 0;
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: 0.5rem;
  ${({ theme }) => theme.media.mobile} { grid-template-columns: 1fr 1fr; }
`;

const Stage = styled.li<{ $state: string }>`
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 0.6rem;
  font-weight: 600;
  font-size: 0.9rem;
  border: 2px solid ${({ theme, $state }) => ($state === 'done' ? theme.colors.valid : $state === 'active' ? theme.colors.brand : theme.colors.border)};
  background: ${({ theme, $state }) => ($state === 'done' ? theme.colors.validSoft : $state === 'active' ? theme.colors.brandSoft : theme.colors.surface)};
  color: ${({ theme, $state }) => ($state === 'done' ? theme.colors.valid : theme.colors.text)};
  span { display: block; font-weight: 400; font-size: 0.8rem; color: ${({ theme }) => theme.colors.muted}; }
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 0.5rem 1rem;
  margin: 0;
  div { background: ${({ theme }) => theme.colors.background}; padding: 0.5rem 0.7rem; border-radius: 6px; }
  dt { font-size: 0.8rem; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: 700; }
`;

const STAGE_STATE_TEXT = { done: 'Done', active: 'In progress', pending: 'Waiting' } as const;

function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60000).toFixed(1)} min`;
}

/** Labels for the processing statistics of proto's progress message, in the order shown. */
const STAT_LABELS: Record<keyof ProcessingStats, string> = {
  llmCalls: 'Language-model calls',
  llmTokensUsed: 'Language-model tokens',
  courtListenerCalls: 'Case-law database lookups',
  processingTimeMs: 'Processing time',
  ocrUsed: 'OCR used',
};

function statRows(stats: Partial<ProcessingStats>): Array<[string, string, string]> {
  return Object.entries(stats)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [
      key,
      STAT_LABELS[key as keyof ProcessingStats] ?? key,
      key === 'processingTimeMs' && typeof value === 'number' ? formatDuration(value) : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value),
    ]);
}

export function ProgressCard({
  progress,
  fileName,
  totals,
  onCancel,
  cancelling = false,
}: {
  progress: ProgressState;
  fileName: string | null;
  totals: CitationTotals | null;
  /** Stops the document while it is still being read (a long scan); offered only then. */
  onCancel?: () => void;
  cancelling?: boolean;
}) {
  const card = useRef<HTMLElement>(null);
  const running = progress.status !== 'idle';
  // A brief dropped or chosen further up the page starts here: the card comes into view, so
  // the lawyer sees it working (not scrolled by hand, nor hidden below the upload card).
  useEffect(() => {
    if (running) card.current?.scrollIntoView?.({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [running]);
  if (!running) return null;
  const states = stageStates(progress);
  const complete = progress.status === 'complete';
  const vp = progress.validationProgress;
  const ocr = progress.ocrProgress;

  return (
    <Card ref={card} data-testid="progress-card" data-status={progress.status} aria-labelledby="progress-title">
      <CardTitle id="progress-title">{complete ? 'Processing Complete' : 'Processing Your Document'}</CardTitle>
      {fileName ? <Muted>{fileName}</Muted> : null}
      <div aria-live="polite">
        <p data-testid="progress-message">{progress.message}</p>
        <Bar role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.progress} aria-label="Processing progress" data-testid="progress-bar">
          <span style={{ width: `${progress.progress}%` }} />
        </Bar>
      </div>
      <StageList aria-label="Processing stages">
        {STAGES.map((stage, index) => (
          <Stage key={stage.key} $state={states[index]} data-testid="progress-stage" data-stage={stage.key} data-state={states[index]}>
            {states[index] === 'done' ? '✓ ' : ''}
            {stage.label}
            <span>{STAGE_STATE_TEXT[states[index]]}</span>
          </Stage>
        ))}
      </StageList>
      {ocr?.isActive ? (
        <p data-testid="ocr-progress">
          OCR: {ocr.message ?? 'Reading scanned pages'}
          {typeof ocr.progress === 'number' ? ` (${Math.round(ocr.progress)}%)` : ''}
        </p>
      ) : null}
      {onCancel && canCancel(progress) ? (
        <p>
          <Button $variant="secondary" onClick={onCancel} disabled={cancelling} data-testid="cancel-document">
            {cancelling ? 'Cancelling...' : 'Cancel'}
          </Button>
        </p>
      ) : null}
      {progress.citationCount !== null ? <p data-testid="progress-citation-count">Citations found: {progress.citationCount}</p> : null}
      {vp && !complete ? (
        <p data-testid="validation-progress">
          Validated {vp.completed} of {vp.total}
          {typeof vp.validCount === 'number' ? ` (${vp.validCount} valid, ${vp.invalidCount ?? 0} invalid)` : ''}
          {vp.currentCitation ? ` - checking ${vp.currentCitation}` : ''}
        </p>
      ) : null}
      {complete && totals ? (
        <p data-testid="progress-final-totals">
          <strong>
            {totals.total} citations: {totals.valid} valid, {totals.invalid} invalid
            {totals.pending > 0 ? `, ${totals.pending} not checked or not verified` : ''}.
            {totals.accuracyRate === null ? ' No case citation could be checked.' : ` Accuracy rate ${totals.accuracyRate}% of the ${totals.checked} checked.`}
          </strong>
        </p>
      ) : null}
      {progress.processingStats ? (
        <>
          <h3>Processing statistics</h3>
          <Stats data-testid="processing-stats">
            {statRows(progress.processingStats).map(([key, label, value]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Stats>
        </>
      ) : null}
    </Card>
  );
}
