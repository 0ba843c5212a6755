import type { ReactNode } from 'react';
import styled from 'styled-components';

export const StatGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: 0.9rem;
  margin: 0;
`;

const Item = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 1rem 1.1rem;
  dt { color: ${({ theme }) => theme.colors.muted}; font-size: 0.88rem; font-weight: 600; }
  dd { margin: 0.35rem 0 0; font-size: 1.6rem; font-weight: 700; color: ${({ theme }) => theme.colors.text}; font-variant-numeric: tabular-nums; }
  small { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: 0.8rem; margin-top: 0.25rem; }
`;

/** One figure of a summary row, as a term and its value (read in order by screen readers). */
export function Stat({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId: string }) {
  return (
    <Item>
      <dt>{label}</dt>
      <dd data-testid={testId}>
        {value}
        {hint ? <small>{hint}</small> : null}
      </dd>
    </Item>
  );
}
