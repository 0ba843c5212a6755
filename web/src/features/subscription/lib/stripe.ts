import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { env } from '@/config/env';

/**
 * How long the payment view waits for Stripe.js. A firewall that drops the connection never
 * answers at all; past this the page says the form could not load and offers to try again.
 */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

/** Stripe.js did not arrive: offline, an ad-blocker, a firewall or a proxy stood in the way. */
export class StripeUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Stripe.js could not be loaded', { cause });
    this.name = 'StripeUnavailableError';
  }
}

let injected: Promise<void> | null = null;

/**
 * Puts the configured Stripe.js on the page before the loader runs: the loader uses a
 * `window.Stripe` that is already there instead of fetching its own. Without a configured
 * address (the production build) nothing is injected and the loader fetches from Stripe.
 */
function injectConfiguredScript(url: string): Promise<void> {
  if (!injected) {
    injected = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        injected = null;
        script.remove();
        reject(new Error('Stripe.js failed to load'));
      };
      document.head.appendChild(script);
    });
  }
  return injected;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Stripe.js did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const byKey = new Map<string, Promise<Stripe>>();

/**
 * One Stripe instance per publishable key, loaded on first use (only the payment view needs
 * it). A failed load is forgotten, so the next call (the view's Try Again) loads afresh;
 * @stripe/stripe-js forgets its own failed attempt the same way.
 */
export function stripeFor(publishableKey: string): Promise<Stripe> {
  let stripe = byKey.get(publishableKey);
  if (!stripe) {
    const loading = (env.STRIPE_JS_URL ? injectConfiguredScript(env.STRIPE_JS_URL) : Promise.resolve()).then(() => loadStripe(publishableKey));
    stripe = withTimeout(loading, STRIPE_LOAD_TIMEOUT_MS).then(
      (loaded) => {
        if (!loaded) throw new StripeUnavailableError();
        return loaded;
      },
      (error: unknown) => {
        throw new StripeUnavailableError(error);
      },
    );
    byKey.set(publishableKey, stripe);
    stripe.catch(() => byKey.delete(publishableKey));
  }
  return stripe;
}
