import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 50;
  background: ${({ theme }) => theme.colors.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 1rem;
`;

const Panel = styled.div<{ $wide?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '820px' : '470px')};
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: 1.6rem;
  position: relative;
  &:focus { outline: none; }
`;

const Title = styled.h2`
  margin: 0 1.8rem 0.5rem 0;
  font-size: 1.35rem;
`;

const Description = styled.div`
  color: ${({ theme }) => theme.colors.muted};
  margin-bottom: 1rem;
`;

const Close = styled.button`
  position: absolute;
  top: 0.8rem;
  right: 0.8rem;
  border: none;
  background: transparent;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  padding: 0.25rem 0.5rem;
  border-radius: 6px;
  color: ${({ theme }) => theme.colors.muted};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

/**
 * How many dialogs are open. While any is, the app root is inert (no focus, no clicks, nothing
 * for assistive technology) as well as aria-hidden: Tab cannot leave the dialog even before the
 * trap's key handler runs. Counted, so closing one of two stacked dialogs keeps the page inert.
 */
let openDialogs = 0;

function hidePage(hidden: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  if (hidden) {
    root.setAttribute('aria-hidden', 'true');
    root.setAttribute('inert', '');
  } else {
    root.removeAttribute('aria-hidden');
    root.removeAttribute('inert');
  }
}

export interface DialogProps {
  open: boolean;
  /** Omit for the blocking modals SPEC requires: no close button, no Escape, no outside click. */
  onClose?: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  testId?: string;
  wide?: boolean;
  /** The dialog's role; blocking notices use alertdialog. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: focus moves in on open, Tab cycles inside, focus returns to the element
 * that had it before. The page behind is hidden from assistive technology while it is open.
 */
export function Dialog({ open, onClose, title, description, children, testId, wide, role = 'dialog' }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();

    openDialogs += 1;
    hidePage(true);

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      openDialogs = Math.max(0, openDialogs - 1);
      if (openDialogs === 0) hidePage(false);
      // Restore focus only if it is still somewhere sensible (the trigger may have unmounted).
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <Overlay
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        $wide={wide}
      >
        <Title id={titleId}>{title}</Title>
        {description ? <Description id={descriptionId}>{description}</Description> : null}
        {children}
        {onClose ? (
          <Close aria-label="Close" onClick={onClose}>
            ×
          </Close>
        ) : null}
      </Panel>
    </Overlay>,
    document.body,
  );
}

export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
  justify-content: flex-end;
  margin-top: 1.2rem;
`;
