import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/**
 * A wide table scrolls inside its own region on a phone, never the page. The region is
 * focusable and named after the table, so keyboard users can scroll it too.
 */
const Scroll = styled.div`
  /* Positioned, so visually hidden text inside (absolute) is clipped here, not at the page edge. */
  position: relative;
  overflow-x: auto;
  max-width: 100%;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  caption { text-align: left; font-weight: 600; padding: 0 0 0.5rem; color: ${({ theme }) => theme.colors.muted}; }
  th, td { text-align: left; padding: 0.5rem 0.5rem; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; vertical-align: top; }
  thead th { background: ${({ theme }) => theme.colors.background}; font-size: 0.85rem; vertical-align: bottom; }
  tbody th { font-weight: 600; }
  td.number { white-space: nowrap; }
  td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
  .nowrap { white-space: nowrap; }
  .sub { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: 0.85rem; overflow-wrap: anywhere; }
  .person { min-width: 12rem; }
  /* On a phone the table scrolls sideways inside its region: the row's name (its header cell)
     stays in view at the left, so a row's Delete button is never seen without whose it is. */
  ${({ theme }) => theme.media.mobile} {
    tbody th[scope='row'], thead th:first-child {
      position: sticky;
      left: 0;
      z-index: 1;
      min-width: 8rem;
      max-width: 40vw;
      overflow-wrap: break-word;
      box-shadow: 1px 0 0 ${({ theme }) => theme.colors.border};
    }
    tbody th[scope='row'] { background: ${({ theme }) => theme.colors.surface}; }
  }
`;

export const Alert = styled.p.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.colors.invalid};
  background: ${({ theme }) => theme.colors.invalidSoft};
  padding: 0.6rem 0.8rem;
  border-radius: 8px;
  margin: 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  justify-content: space-between;
  align-items: center;
  margin-bottom: 0.75rem;
  h2 { margin: 0; }
`;

/**
 * A titled card around a table: the title names the scroll region, and loading and failure
 * are shown in place of the table (the failure in SPEC's wording, which the query carries).
 */
export function TableCard({
  title,
  actions,
  loading,
  error,
  testId,
  children,
}: {
  title: string;
  actions?: ReactNode;
  loading: boolean;
  error: Error | null;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-testid={testId}>
      <Head>
        <CardTitle id={titleId}>{title}</CardTitle>
        {actions}
      </Head>
      {error ? (
        <Alert data-testid={`${testId}-error`}>{error.message}</Alert>
      ) : loading ? (
        <Spinner label={`Loading ${title.toLowerCase()}`} />
      ) : (
        <Scroll tabIndex={0} role="region" aria-labelledby={titleId}>
          {children}
        </Scroll>
      )}
    </Card>
  );
}
