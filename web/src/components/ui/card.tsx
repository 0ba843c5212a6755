import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: 1.5rem;
  min-width: 0;
  ${({ theme }) => theme.media.mobile} { padding: 1.1rem; }
`;

export const CardTitle = styled.h2`
  margin: 0 0 1rem;
  font-size: 1.35rem;
  color: ${({ theme }) => theme.colors.text};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: 0.25rem 0;
`;

export const Container = styled.div`
  max-width: 1180px;
  margin: 0 auto;
  padding: 0 1.25rem;
`;

/** Hidden visually, still read by screen readers. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
