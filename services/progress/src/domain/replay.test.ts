import type { PipelineProgress } from '@citecheck/proto';
import { progressToReplay } from './replay';

const at = (step: PipelineProgress['step'], progress: number): PipelineProgress => ({ sessionId: 's', step, message: step, progress });

describe('progressToReplay', () => {
  test.each([
    ['nothing recorded', [], []],
    ['under way: every message, in order', [at('upload', 5), at('extraction', 20), at('validation', 60)], [at('upload', 5), at('extraction', 20), at('validation', 60)]],
    ['finished: the final message only', [at('upload', 5), at('validation', 60), at('complete', 100)], [at('complete', 100)]],
    ['failed: the error only', [at('upload', 5), at('error', 100)], [at('error', 100)]],
  ])('%s', (_label, messages, expected) => {
    expect(progressToReplay(messages)).toEqual(expected);
  });
});
