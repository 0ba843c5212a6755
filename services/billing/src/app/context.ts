/**
 * What billing's use cases are given: its repositories, Stripe (null when payments are not
 * configured), identity's API, the event publisher, the clock, the logger and the price ids.
 */
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Clock } from '@citecheck/platform';
import type { IdentityApi } from '@citecheck/proto';
import type { PriceIds } from '../domain/billing';
import { errors } from '../domain/billing';
import type { BillingStore } from '../store';
import type { Publish } from './publish';

export interface BillingSettings {
  prices: PriceIds | null;
  webhookSecret: string | null;
  publishableKey: string | null;
  /** Variables payments still need; empty when configured. */
  missing: string[];
}

export interface BillingContext extends BillingStore {
  stripe: Stripe | null;
  identity: IdentityApi;
  publish: Publish;
  clock: Clock;
  logger: Logger;
  settings: BillingSettings;
}

export interface Payments {
  stripe: Stripe;
  prices: PriceIds;
}

/** Stripe and the price ids, or SPEC's "payments are not configured" answer. */
export function paymentsOf(ctx: Pick<BillingContext, 'stripe' | 'settings'>): Payments {
  if (!ctx.stripe || !ctx.settings.prices || ctx.settings.missing.length > 0) throw errors.notConfigured();
  return { stripe: ctx.stripe, prices: ctx.settings.prices };
}
