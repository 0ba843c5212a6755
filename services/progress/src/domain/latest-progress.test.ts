import type { PipelineProgress } from '@citecheck/proto';
import { LatestProgress } from './latest-progress';

const message = (sessionId: string, progress: number): PipelineProgress => ({
  sessionId,
  step: 'validation',
  message: `at ${progress}`,
  progress,
});

describe('LatestProgress', () => {
  it('keeps the newest message per session', () => {
    const state = new LatestProgress();
    state.record(message('a', 10), 0);
    state.record(message('b', 20), 0);
    state.record(message('a', 40), 1);
    expect(state.latest('a', 2)?.progress).toBe(40);
    expect(state.latest('b', 2)?.progress).toBe(20);
    expect(state.latest('c', 2)).toBeNull();
  });

  it('forgets sessions past their age and evicts the oldest beyond the cap', () => {
    const state = new LatestProgress(2, 1000);
    state.record(message('a', 1), 0);
    state.record(message('b', 1), 10);
    state.record(message('c', 1), 20);
    expect(state.size).toBe(2);
    expect(state.latest('a', 30)).toBeNull();
    expect(state.latest('b', 2000)).toBeNull();
  });
});
