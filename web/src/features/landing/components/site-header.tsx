import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@/components/ui/card';
import { paths } from '@/config/paths';

const Bar = styled.header`
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  position: sticky;
  top: 0;
  z-index: 10;
  /* On phones the wrapped header would eat a fifth of the screen: let it scroll away. */
  ${({ theme }) => theme.media.mobile} { position: static; }
`;

const Inner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  padding-top: 0.7rem;
  padding-bottom: 0.7rem;
  flex-wrap: wrap;
  ${({ theme }) => theme.media.mobile} { gap: 0.5rem; padding-top: 0.5rem; padding-bottom: 0.5rem; }
`;

const Brand = styled(Link)`
  text-decoration: none;
  color: ${({ theme }) => theme.colors.brand};
  display: flex;
  flex-direction: column;
  strong { font-size: 1.5rem; font-family: ${({ theme }) => theme.fonts.serif}; letter-spacing: -0.01em; }
  span { font-size: 0.78rem; color: ${({ theme }) => theme.colors.muted}; }
  /* On a phone the brand takes what the controls leave (its powered-by line may wrap), so a
     signed-in account menu stays on the brand's line instead of a header of two rows. */
  ${({ theme }) => theme.media.mobile} {
    flex: 1 1 9rem;
    min-width: 0;
    strong { font-size: 1.3rem; }
    span { font-size: 0.72rem; }
  }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** The account controls come from app/, which composes the features (a feature imports no other). */
export function SiteHeader({ accountControls }: { accountControls: ReactNode }) {
  return (
    <Bar>
      <Inner>
        <Brand to={paths.home} data-testid="brand">
          <strong>CiteCheck</strong>
          <span>Powered by CourtListener case law</span>
        </Brand>
        {accountControls}
      </Inner>
    </Bar>
  );
}
