import type { PipelineProgress } from '@citecheck/proto/progress';

export type ProcessingStats = NonNullable<PipelineProgress['processingStats']>;

/** A live-channel message as the screen applies it: the statistics may arrive a few at a time. */
export type ProgressUpdate = Pick<PipelineProgress, 'step'> &
  Partial<Omit<PipelineProgress, 'step' | 'processingStats'>> & { processingStats?: Partial<ProcessingStats> };

/** The four user-facing stages of SPEC section 2, in order. */
export const STAGES = [
  { key: 'upload', label: 'File Upload' },
  { key: 'parsing', label: 'OCR or AI Parsing' },
  { key: 'validation', label: 'Case Validation' },
  { key: 'report', label: 'Report Generation' },
] as const;

export type StageKey = (typeof STAGES)[number]['key'];
export type StageState = 'done' | 'active' | 'pending';

/**
 * SPEC section 4: which stage a live-channel step belongs to. 'stats' and unknown steps
 * belong to none, so they never move the overview backwards or forwards.
 */
export function stageIndexForStep(step: string): number | null {
  switch (step) {
    case 'start':
    case 'upload':
      return 0;
    case 'extraction':
    case 'processing':
    case 'comprehensive-extraction':
    case 'OCR':
    case 'ocr':
      return 1;
    case 'validation':
    case 'citations':
    case 'retry-validation':
    case 'consolidation':
      return 2;
    case 'report':
      return 3;
    default:
      return null;
  }
}

export type ProgressStatus = 'idle' | 'processing' | 'complete' | 'error';

export interface ProgressState {
  status: ProgressStatus;
  step: string | null;
  message: string;
  progress: number;
  /** Index into STAGES of the furthest stage reached; -1 before anything. */
  stageIndex: number;
  citationCount: number | null;
  validationProgress: PipelineProgress['validationProgress'] | null;
  processingStats: Partial<ProcessingStats> | null;
  ocrProgress: PipelineProgress['ocrProgress'] | null;
  /** The document being processed, once the server has said which (its 'upload' message). */
  documentId: string | null;
}

export const IDLE_PROGRESS: ProgressState = {
  status: 'idle',
  step: null,
  message: '',
  progress: 0,
  stageIndex: -1,
  citationCount: null,
  validationProgress: null,
  processingStats: null,
  ocrProgress: null,
  documentId: null,
};

function clampPercent(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

/**
 * Folds one progress message into the card's state. Stages only move forward (a late
 * 'upload' message after 'validation' leaves validation current), and once a run has
 * completed or failed, stray messages from it change nothing.
 */
export function applyProgress(state: ProgressState, message: ProgressUpdate): ProgressState {
  if (state.status === 'complete' || state.status === 'error') return state;
  const stage = stageIndexForStep(message.step);
  const next: ProgressState = {
    ...state,
    status: 'processing',
    step: message.step,
    message: message.message ?? state.message,
    progress: typeof message.progress === 'number' ? Math.max(state.progress, clampPercent(message.progress)) : state.progress,
    stageIndex: stage === null ? state.stageIndex : Math.max(state.stageIndex, stage),
    citationCount: message.citationCount ?? state.citationCount,
    validationProgress: message.validationProgress ?? state.validationProgress,
    processingStats: message.processingStats ? { ...state.processingStats, ...message.processingStats } : state.processingStats,
    ocrProgress: message.ocrProgress ?? state.ocrProgress,
    documentId: message.documentId ?? state.documentId,
  };
  if (message.step === 'complete') {
    return { ...next, status: 'complete', progress: 100, stageIndex: STAGES.length };
  }
  if (message.step === 'error') {
    return { ...next, status: 'error' };
  }
  return next;
}

/** Earlier stages are done once a later one is reached; everything is done when complete. */
export function stageStates(state: ProgressState): StageState[] {
  return STAGES.map((_, index) => {
    if (index < state.stageIndex) return 'done';
    if (index === state.stageIndex) return state.status === 'complete' ? 'done' : 'active';
    return 'pending';
  });
}

/** Steps while the document is still being read: the only time a cancel can stop it. */
const CANCELLABLE_STEPS = new Set(['upload', 'extraction', 'OCR', 'ocr']);

/** True while the uploader can still cancel the document (known id, still being read). */
export function canCancel(state: ProgressState): boolean {
  return state.status === 'processing' && state.documentId !== null && state.step !== null && CANCELLABLE_STEPS.has(state.step);
}
