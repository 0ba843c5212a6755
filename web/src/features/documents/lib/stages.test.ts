import { describe, expect, it } from '@jest/globals';
import type { ProgressStep } from '@citecheck/proto/progress';
import { applyProgress, canCancel, IDLE_PROGRESS, stageIndexForStep, stageStates, type ProgressState } from './stages';

const run = (...steps: ProgressStep[]): ProgressState => steps.reduce((state, step) => applyProgress(state, { step }), IDLE_PROGRESS);

describe('stage mapping (SPEC section 4)', () => {
  it.each([
    ['start', 0],
    ['upload', 0],
    ['extraction', 1],
    ['processing', 1],
    ['comprehensive-extraction', 1],
    ['OCR', 1],
    ['validation', 2],
    ['citations', 2],
    ['retry-validation', 2],
    ['consolidation', 2],
    ['report', 3],
    ['stats', null],
    ['complete', null],
  ])('%s -> %s', (step, index) => {
    expect(stageIndexForStep(step)).toBe(index);
  });

  it('marks earlier stages done when a later step arrives', () => {
    expect(stageStates(run('upload'))).toEqual(['active', 'pending', 'pending', 'pending']);
    expect(stageStates(run('upload', 'validation'))).toEqual(['done', 'done', 'active', 'pending']);
  });

  it('never moves backwards on a late message', () => {
    expect(stageStates(run('upload', 'validation', 'extraction'))).toEqual(['done', 'done', 'active', 'pending']);
  });

  it('marks every stage done on complete, and ignores stray messages afterwards', () => {
    const done = run('upload', 'report', 'complete');
    expect(done.status).toBe('complete');
    expect(done.progress).toBe(100);
    expect(stageStates(done)).toEqual(['done', 'done', 'done', 'done']);
    expect(applyProgress(done, { step: 'validation' })).toBe(done);
  });

  it('keeps counts, OCR progress and statistics from the messages', () => {
    let state = applyProgress(IDLE_PROGRESS, { step: 'OCR', ocrProgress: { isActive: true, progress: 40, message: 'Page 2 of 5' } });
    state = applyProgress(state, { step: 'citations', citationCount: 14, progress: 55, processingStats: { courtListenerCalls: 3 } });
    state = applyProgress(state, { step: 'stats', processingStats: { processingTimeMs: 900 } });
    expect(state.citationCount).toBe(14);
    expect(state.progress).toBe(55);
    expect(state.ocrProgress).toEqual({ isActive: true, progress: 40, message: 'Page 2 of 5' });
    expect(state.processingStats).toEqual({ courtListenerCalls: 3, processingTimeMs: 900 });
  });

  it('records an error', () => {
    expect(run('upload', 'error').status).toBe('error');
  });
});

describe('cancel', () => {
  const uploaded = applyProgress(IDLE_PROGRESS, { step: 'upload', message: 'Received brief.pdf', documentId: 'doc-1' });

  it('keeps the document id from the upload message through later messages', () => {
    expect(uploaded.documentId).toBe('doc-1');
    expect(applyProgress(uploaded, { step: 'OCR' }).documentId).toBe('doc-1');
  });

  it.each<[string, ProgressStep[], boolean]>([
    ['while uploading', [], true],
    ['while reading', ['extraction'], true],
    ['during OCR', ['extraction', 'OCR'], true],
    ['not once citations are being found: the read is over', ['extraction', 'processing'], false],
    ['not during validation', ['extraction', 'validation'], false],
    ['not once complete', ['complete'], false],
  ])('%s', (_name, steps, expected) => {
    const state = steps.reduce((s, step) => applyProgress(s, { step }), uploaded);
    expect(canCancel(state)).toBe(expected);
  });

  it('not before the server has named the document', () => {
    expect(canCancel(run('upload', 'extraction'))).toBe(false);
  });
});
