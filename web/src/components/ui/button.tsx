import styled, { css } from 'styled-components';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants = {
  primary: css`
    background: ${({ theme }) => theme.colors.brand};
    color: #fff;
    border-color: ${({ theme }) => theme.colors.brand};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.brandHover}; }
  `,
  secondary: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.brand};
    border-color: ${({ theme }) => theme.colors.brand};
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.brandSoft}; }
  `,
  ghost: css`
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    border-color: transparent;
    &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.brandSoft}; }
  `,
  danger: css`
    background: ${({ theme }) => theme.colors.invalid};
    color: #fff;
    border-color: ${({ theme }) => theme.colors.invalid};
  `,
};

export const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The only button. `$size="sm"` for table actions. */
export const Button = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{
  $variant?: Variant;
  $size?: 'sm' | 'md' | 'lg';
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  font: inherit;
  font-weight: 600;
  border: 2px solid;
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  padding: ${({ $size }) => ($size === 'sm' ? '0.3rem 0.7rem' : $size === 'lg' ? '0.85rem 1.6rem' : '0.55rem 1.1rem')};
  font-size: ${({ $size }) => ($size === 'sm' ? '0.85rem' : $size === 'lg' ? '1.1rem' : '1rem')};
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${focusRing}
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

/** A link styled as a button, for navigation that must stay a link (downloads, routes). */
export const ButtonLink = styled.a<{ $variant?: Variant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  font-weight: 600;
  text-decoration: none;
  border: 2px solid;
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 0.55rem 1.1rem;
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${focusRing}
`;
