/**
 * Notifications, SPEC section 9: at most one toast at a time, shown for 5000 ms. A newer
 * toast replaces the current one. Kept outside React so any module can raise a toast.
 */
export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type Listener = (toasts: Toast[]) => void;

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener(toasts);
}

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): string {
  counter += 1;
  const id = String(counter);
  toasts = [{ id, title: input.title, description: input.description, variant: input.variant ?? 'default' }, ...toasts].slice(
    0,
    TOAST_LIMIT,
  );
  emit();
  return id;
}

export function dismissToast(id: string) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Clears the error toasts: a success screen (a dialog saying it worked) must not sit beside an
 * error left from an earlier attempt ('Invalid Email', 'Payment Failed', ...).
 */
export function dismissErrorToasts() {
  const kept = toasts.filter((t) => t.variant !== 'destructive');
  if (kept.length === toasts.length) return;
  toasts = kept;
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}
