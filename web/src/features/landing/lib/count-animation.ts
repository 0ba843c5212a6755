/** SPEC section 9: the counter animates for at most 2000 ms in steps of about 50 ms. */
export const COUNT_ANIMATION_MAX_MS = 2000;
export const COUNT_ANIMATION_STEP_MS = 50;

/**
 * The values the counter shows on its way from `from` to `to`, one per step, ending
 * exactly on `to`. Small changes take fewer steps (one per unit), never more than 40.
 */
export function countSteps(from: number, to: number): number[] {
  const distance = to - from;
  if (distance === 0) return [];
  const maxSteps = Math.floor(COUNT_ANIMATION_MAX_MS / COUNT_ANIMATION_STEP_MS);
  const steps = Math.min(maxSteps, Math.abs(distance));
  const values: number[] = [];
  for (let i = 1; i <= steps; i += 1) values.push(Math.round(from + (distance * i) / steps));
  return values;
}
