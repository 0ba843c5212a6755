import type { PipelineProgress } from '@citecheck/proto';

/** Steps after which a document's progress has nothing more to say. */
const FINAL_STEPS: ReadonlySet<PipelineProgress['step']> = new Set(['complete', 'error']);

/**
 * What a tab that (re)registers is sent of its session's latest document, given that
 * document's progress in order: every message while the work is under way, so the steps,
 * citation counts and validation figures it missed while disconnected are all shown; only the
 * last once the document is finished, since the steps before it are of no more use.
 */
export function progressToReplay(messages: readonly PipelineProgress[]): PipelineProgress[] {
  const last = messages.at(-1);
  if (!last) return [];
  return FINAL_STEPS.has(last.step) ? [last] : [...messages];
}
