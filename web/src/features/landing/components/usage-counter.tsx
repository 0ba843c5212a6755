import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useUsageStats } from '@/features/landing/api/get-usage-stats';
import { COUNT_ANIMATION_STEP_MS, countSteps } from '@/features/landing/lib/count-animation';

const Counter = styled.p`
  margin: 2rem auto 0 !important;
  font-size: 1rem !important;
  strong { display: block; font-size: 2.2rem; color: #fff; font-variant-numeric: tabular-nums; }
`;

/** Total citations verified, refetched every 30 s and counted up to the new value. */
export function UsageCounter() {
  const { data } = useUsageStats();
  const target = data?.totalCitations ?? 0;
  const [shown, setShown] = useState(0);
  const shownRef = useRef(0);

  useEffect(() => {
    const values = countSteps(shownRef.current, target);
    if (values.length === 0) return;
    let i = 0;
    const timer = setInterval(() => {
      shownRef.current = values[i];
      setShown(values[i]);
      i += 1;
      if (i >= values.length) clearInterval(timer);
    }, COUNT_ANIMATION_STEP_MS);
    return () => clearInterval(timer);
  }, [target]);

  return (
    <Counter data-testid="usage-counter" data-total={target}>
      <strong aria-hidden="true">{shown.toLocaleString('en-US')}</strong>
      <span aria-hidden="true">citations verified so far</span>
      {/* Screen readers get the final figure once, not every animation frame. */}
      <span style={{ position: 'absolute', left: -9999 }}>{target.toLocaleString('en-US')} citations verified so far</span>
    </Counter>
  );
}
