import { DEFAULT_RETRY_BUDGET_MS, isFinalAttempt, retryWaitMs, type RetryPolicy } from './retry';

const pipeline: RetryPolicy = { maxAttempts: 4, backoffMs: 500, maxBackoffMs: 30_000, budgetMs: 600_000 };

test('waits double from the first backoff and stop at the cap', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 60].map((attempt) => retryWaitMs(pipeline, attempt))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
});

test('a budget of minutes: the attempts go on past maxAttempts until it is spent', () => {
  expect(isFinalAttempt(pipeline, 1, 0)).toBe(false);
  expect(isFinalAttempt(pipeline, 4, 7_500)).toBe(false);
  expect(isFinalAttempt(pipeline, 20, 540_000)).toBe(false);
  // The next wait would end past the budget: this attempt is the last.
  expect(isFinalAttempt(pipeline, 23, 575_000)).toBe(true);
  // However much time has passed, maxAttempts are made.
  expect(isFinalAttempt({ ...pipeline, maxAttempts: 30 }, 23, 900_000)).toBe(false);
});

test('no budget (embedded mode): maxAttempts alone decide, as before', () => {
  const attemptsOnly = { ...pipeline, budgetMs: DEFAULT_RETRY_BUDGET_MS.embedded };
  expect([1, 2, 3, 4].map((attempt) => isFinalAttempt(attemptsOnly, attempt, 0))).toEqual([false, false, false, true]);
});

test('the distributed default rides out a ten-minute outage: about twenty-five attempts, none more than 30 s apart', () => {
  let elapsed = 0;
  let attempt = 1;
  while (!isFinalAttempt(pipeline, attempt, elapsed)) elapsed += retryWaitMs(pipeline, attempt++);
  expect(DEFAULT_RETRY_BUDGET_MS.kafka).toBe(600_000);
  expect(elapsed).toBeGreaterThanOrEqual(570_000);
  expect(attempt).toBeGreaterThan(20);
  expect(attempt).toBeLessThan(30);
});
