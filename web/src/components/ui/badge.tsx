import styled from 'styled-components';

export type Tone = 'valid' | 'invalid' | 'pending' | 'neutral';

export const Badge = styled.span<{ $tone?: Tone }>`
  display: inline-block;
  padding: 0.15rem 0.6rem;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 700;
  white-space: nowrap;
  color: ${({ theme, $tone = 'neutral' }) => ($tone === 'neutral' ? theme.colors.brand : theme.colors[$tone])};
  background: ${({ theme, $tone = 'neutral' }) =>
    $tone === 'neutral' ? theme.colors.brandSoft : theme.colors[`${$tone}Soft` as 'validSoft']};
`;
