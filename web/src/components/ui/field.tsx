import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin-bottom: 0.9rem;
`;

const Label = styled.label`
  font-weight: 600;
  font-size: 0.95rem;
`;

const controlStyles = `
  font: inherit;
  padding: 0.55rem 0.7rem;
  border-radius: 8px;
  border: 1px solid #6b7280;
  background: #fff;
  color: #111827;
  &:focus-visible { outline: 3px solid #2563eb; outline-offset: 1px; }
`;

export const Input = styled.input`${controlStyles}`;
export const Textarea = styled.textarea`${controlStyles} resize: vertical; min-height: 7rem;`;

/** A labelled input: the label is always associated, so every field has an accessible name. */
export function TextField({ label, hint, ...props }: { label: ReactNode; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...props} />
      {hint ? <small id={hintId}>{hint}</small> : null}
    </Wrapper>
  );
}

export function TextAreaField({ label, ...props }: { label: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} {...props} />
    </Wrapper>
  );
}

const CheckRow = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  margin-bottom: 0.7rem;
  font-size: 0.92rem;
  input { width: 1.1rem; height: 1.1rem; margin-top: 0.1rem; }
`;

export function Checkbox({ label, ...props }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <CheckRow>
      <input type="checkbox" {...props} />
      <span>{label}</span>
    </CheckRow>
  );
}

export const FormError = styled.p.attrs({ role: 'alert' })`
  color: ${({ theme }) => theme.colors.invalid};
  background: ${({ theme }) => theme.colors.invalidSoft};
  padding: 0.5rem 0.75rem;
  border-radius: 8px;
  margin: 0 0 0.8rem;
`;
