import styled from 'styled-components';

/** Lets keyboard users jump past the header straight to the page's content. */
export const SkipLink = styled.a.attrs({ href: '#main' })`
  position: absolute;
  left: -9999px;
  top: 0.5rem;
  z-index: 60;
  background: ${({ theme }) => theme.colors.surface};
  padding: 0.6rem 1rem;
  border-radius: 6px;
  &:focus { left: 0.5rem; }
`;
