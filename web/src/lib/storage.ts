/**
 * Browser storage keys of SPEC section 3, in one place. Every access is guarded because
 * storage throws in some privacy modes and does not exist under the Node test runner.
 */
const SESSION_TOKEN_KEY = 'sessionToken';
const PROCESSING_SESSION_KEY = 'citecheck_processing_session_id';
const REGISTRATION_KEY = 'citecheck_registration';
const CURRENT_RESULTS_KEY = 'citecheck_current_results';
const PAID_SETUP_KEY = 'citecheck_paid_setup';
const PLAN_CHOICE_KEY = 'citecheck_plan_choice';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const sessionToken = {
  get: (): string | null => safe(() => globalThis.localStorage?.getItem(SESSION_TOKEN_KEY) ?? null, null),
  set: (token: string) => safe(() => globalThis.localStorage?.setItem(SESSION_TOKEN_KEY, token), undefined),
  clear: () => safe(() => globalThis.localStorage?.removeItem(SESSION_TOKEN_KEY), undefined),
  /**
   * Calls `listener` when another tab of this site signs in or out (the browser's 'storage'
   * event fires only in the other tabs). Returns the unsubscribe function.
   */
  onChangeInOtherTab: (listener: (token: string | null) => void): (() => void) => {
    if (typeof window === 'undefined') return () => undefined;
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_TOKEN_KEY || event.key === null) listener(sessionToken.get());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  },
};

/** A random id of `length` URL-safe characters (21 like nanoid's default). */
export function randomId(length = 21): string {
  const alphabet = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  for (const byte of bytes) id += alphabet[byte & 63];
  return id;
}

/**
 * One id per browser tab: the upload call and the /ws registration must carry the same
 * value so the server's progress messages reach this tab and no other.
 */
export function processingSessionId(): string {
  const existing = safe(() => globalThis.sessionStorage?.getItem(PROCESSING_SESSION_KEY) ?? null, null);
  if (existing) return existing;
  const id = randomId();
  safe(() => globalThis.sessionStorage?.setItem(PROCESSING_SESSION_KEY, id), undefined);
  return id;
}

export interface StoredRegistration {
  name: string;
  email: string;
  registeredAt: string;
}

/** The registration dialog keeps who registered and when; uploads send it along. */
export const storedRegistration = {
  get: (): StoredRegistration | null =>
    safe(() => {
      const raw = globalThis.localStorage?.getItem(REGISTRATION_KEY);
      return raw ? (JSON.parse(raw) as StoredRegistration) : null;
    }, null),
  set: (value: StoredRegistration) =>
    safe(() => globalThis.localStorage?.setItem(REGISTRATION_KEY, JSON.stringify(value)), undefined),
  /** Once a paid account exists for it, the pending registration has done its work. */
  clear: () => safe(() => globalThis.localStorage?.removeItem(REGISTRATION_KEY), undefined),
};

export interface StoredResults<D, R> {
  document: D;
  report: R | null;
}

/**
 * The document whose results this tab shows, and its report, for the length of the tab
 * session. Signing up or in takes the visitor through other pages (the verification link, a
 * reload), and the results they had on screen must still be there when they come back; the
 * citations themselves are fetched again from the server by the document id.
 */
export const currentResults = {
  get: <D, R>(): StoredResults<D, R> | null =>
    safe(() => {
      const raw = globalThis.sessionStorage?.getItem(CURRENT_RESULTS_KEY);
      return raw ? (JSON.parse(raw) as StoredResults<D, R>) : null;
    }, null),
  set: <D, R>(value: StoredResults<D, R>) => safe(() => globalThis.sessionStorage?.setItem(CURRENT_RESULTS_KEY, JSON.stringify(value)), undefined),
  clear: () => safe(() => globalThis.sessionStorage?.removeItem(CURRENT_RESULTS_KEY), undefined),
};

export interface PaidSetup {
  /** The PaymentIntent the visitor paid: what create-account-after-payment checks with Stripe. */
  paymentIntentId: string;
  plan: 'premium' | 'enterprise';
  name: string;
  email: string;
  paidAt: string;
}

function isPaidSetup(value: unknown): value is PaidSetup {
  const v = value as Partial<PaidSetup> | null;
  return Boolean(v && typeof v.paymentIntentId === 'string' && v.paymentIntentId && (v.plan === 'premium' || v.plan === 'enterprise'));
}

/**
 * A visitor's payment that went through before the account setup was finished. Kept in local
 * storage, not the tab's session: a reload, Back, or closing the browser and coming back must
 * still find it, since the subscription bills either way. Cleared once the account is set up.
 */
export const paidSetup = {
  get: (): PaidSetup | null =>
    safe(() => {
      const raw = globalThis.localStorage?.getItem(PAID_SETUP_KEY);
      const value: unknown = raw ? JSON.parse(raw) : null;
      return isPaidSetup(value) ? value : null;
    }, null),
  set: (value: PaidSetup) => safe(() => globalThis.localStorage?.setItem(PAID_SETUP_KEY, JSON.stringify(value)), undefined),
  clear: () => safe(() => globalThis.localStorage?.removeItem(PAID_SETUP_KEY), undefined),
};

/**
 * The plan a signed-out visitor chose on /subscription before registering (its key and the name
 * the page showed): the registration dialog then offers to go on to that plan's payment. For the
 * tab's session only.
 */
export interface PlanChoice {
  plan: 'premium' | 'enterprise';
  name: string;
}

export const planChoice = {
  get: (): PlanChoice | null =>
    safe(() => {
      const raw = globalThis.sessionStorage?.getItem(PLAN_CHOICE_KEY);
      const value = (raw ? JSON.parse(raw) : null) as Partial<PlanChoice> | null;
      return value && (value.plan === 'premium' || value.plan === 'enterprise') && typeof value.name === 'string' ? { plan: value.plan, name: value.name } : null;
    }, null),
  set: (choice: PlanChoice) => safe(() => globalThis.sessionStorage?.setItem(PLAN_CHOICE_KEY, JSON.stringify(choice)), undefined),
  clear: () => safe(() => globalThis.sessionStorage?.removeItem(PLAN_CHOICE_KEY), undefined),
};
