import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { dismissToast, getToasts, subscribeToasts, TOAST_DURATION_MS, type Toast } from './toast-store';

/** Dragging a toast this far to the right dismisses it. */
const SWIPE_THRESHOLD_PX = 50;

/** The notifications landmark (F8 focuses it); the toasts are a list inside it. */
const Viewport = styled.section`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 100; /* above dialogs, so validation messages raised inside a dialog are seen */
  padding: 1rem;
  width: min(420px, 100vw);
  outline: none;
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; }
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $destructive: boolean }>`
  position: relative;
  padding: 0.9rem 2.4rem 0.9rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  background: ${({ theme, $destructive }) => ($destructive ? theme.colors.invalid : theme.colors.surface)};
  color: ${({ theme, $destructive }) => ($destructive ? '#fff' : theme.colors.text)};
  border: 1px solid ${({ theme, $destructive }) => ($destructive ? theme.colors.invalid : theme.colors.border)};
  touch-action: pan-y;
  strong { display: block; }
  p { margin: 0.25rem 0 0; font-size: 0.92rem; }
`;

const CloseButton = styled.button`
  position: absolute;
  top: 0.4rem;
  right: 0.4rem;
  background: transparent;
  color: inherit;
  border: none;
  font-size: 1.2rem;
  cursor: pointer;
  padding: 0.2rem 0.45rem;
  border-radius: 4px;
  &:focus-visible { outline: 2px solid currentColor; }
`;

function ToastItem({ item }: { item: Toast }) {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, paused]);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    setPaused(true);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current === null) return;
    setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset > SWIPE_THRESHOLD_PX) dismissToast(item.id);
    start.current = null;
    setOffset(0);
    setPaused(false);
  };

  return (
    <Item
      $destructive={item.variant === 'destructive'}
      data-testid="toast"
      data-variant={item.variant}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      {/* The live role sits inside the list item: a list's children must stay list items. */}
      <div role={item.variant === 'destructive' ? 'alert' : 'status'}>
        <strong data-testid="toast-title">{item.title}</strong>
        {item.description ? <p data-testid="toast-description">{item.description}</p> : null}
      </div>
      <CloseButton aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
        ×
      </CloseButton>
    </Item>
  );
}

/** Renders the current toast; F8 moves focus to the notification region. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const viewport = useRef<HTMLElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'F8') {
        event.preventDefault();
        viewport.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return createPortal(
    <Viewport ref={viewport} tabIndex={-1} aria-label="Notifications (F8)" data-testid="toast-viewport">
      <List>
        {items.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </List>
    </Viewport>,
    document.body,
  );
}
