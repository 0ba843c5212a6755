/**
 * A local stand-in for the parts of Stripe's API billing calls (API version 2025-10-29.clover),
 * answering with Stripe's object shapes: customers, subscriptions with their items and first
 * invoice (`confirmation_secret`, `payments` expandable), PaymentIntents, charges, price swaps
 * with proration, and Stripe's error bodies. The official `stripe` library talks to it over
 * HTTP (its host/port/protocol options). What Stripe does on its own side (a card paying, a
 * renewal, a failed retry, the end of a cancelled period) is driven by the test through the
 * methods below, which also return the events Stripe would send; `deliver` posts one signed
 * with the library's own `webhooks.generateTestHeaderString`.
 *
 * The browser's side is here too, as Stripe.js reaches Stripe: `POST
 * /v1/payment_intents/{id}/confirm` with the publishable key and the PaymentIntent's client
 * secret, answered with CORS headers. It pays with Stripe's test cards and refuses as Stripe
 * does: 4000 0000 0000 0002 is declined (`card_declined`), 4000 0000 0000 9995 has
 * insufficient funds, a number failing the Luhn check is `incorrect_number`, a wrong client
 * secret, a PaymentIntent already paid or cancelled, and a publishable key on any other call
 * are refused. With `webhookUrl` set, the events a payment or a cancellation causes are
 * delivered there, signed, as Stripe sends them (`settled()` waits for them).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, any>;

const MONTH = 30 * 24 * 60 * 60;

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Stripe's form encoding (`items[0][price]=x&expand[0]=y`) back into objects and arrays. */
export function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.message);
  }
}

function missing(kind: string, value: string, param = 'id'): StripeError {
  return new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'`, param });
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
}

/** Stripe's test cards the fake knows; any other Luhn-valid number pays like 4242 4242 4242 4242. */
export const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002', insufficientFunds: '4000000000009995' } as const;

function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export class FakeStripe {
  readonly secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  readonly publishableKey = `pk_test_${randomBytes(8).toString('hex')}`;
  /** Where Stripe sends its events (the product's /api/stripe/webhook); unset: the test delivers them. */
  webhookUrl = '';
  private readonly deliveries = new Set<Promise<unknown>>();
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  readonly prices: Record<'premium' | 'enterprise', Obj>;
  readonly requests: RecordedRequest[] = [];
  /** Seconds since the epoch on Stripe's side: starts at the real time (events are ordered against the services' clocks), then tests move it. */
  now = Math.floor(Date.now() / 1000);
  /** The next charge on a customer's saved card is declined. */
  declineNextCharge = false;
  private readonly customers = new Map<string, Obj>();
  private readonly subscriptions = new Map<string, Obj>();
  private readonly invoices = new Map<string, Obj>();
  private readonly intents = new Map<string, Obj>();
  private readonly charges: Obj[] = [];
  private server: Server | null = null;
  url = '';
  /** The official library, for signing webhook deliveries. */
  private readonly library = new Stripe('sk_test_signing_only');

  constructor() {
    const price = (amount: number, nickname: string): Obj => ({
      id: id('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: this.now,
      currency: 'usd',
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname,
      product: id('prod'),
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    });
    this.prices = { premium: price(2500, 'Premium'), enterprise: price(10000, 'Enterprise') };
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** Billing's settings that point it at this stand-in (after `start`, which sets the URL). */
  billingEnv(): Record<string, string> {
    if (!this.url) throw new Error('FakeStripe.billingEnv() before start(): no URL yet');
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_PRICE_PREMIUM: this.prices.premium.id,
      STRIPE_PRICE_ENTERPRISE: this.prices.enterprise.id,
      STRIPE_API_BASE: this.url,
    };
  }

  requestsTo(method: string, path: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && path.test(r.path));
  }

  // ------------------------------------------------------------ HTTP

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    // Stripe.js calls the API from the page's origin: Stripe answers with CORS headers.
    if (req.headers.origin) {
      res.setHeader('access-control-allow-origin', req.headers.origin);
      res.setHeader('access-control-allow-headers', 'authorization, content-type, stripe-version');
      res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
    }
    if (req.method === 'OPTIONS') {
      res.statusCode = 204;
      res.end();
      return;
    }
    const params = req.method === 'GET' || req.method === 'DELETE' ? parseForm(url.searchParams.toString()) : parseForm(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
    res.setHeader('content-type', 'application/json');
    res.setHeader('request-id', id('req'));
    try {
      const key = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const confirm = req.method === 'POST' ? url.pathname.match(/^\/v1\/payment_intents\/([^/]+)\/confirm$/) : null;
      let body: Obj;
      if (key === this.publishableKey) {
        // A publishable key may only do what Stripe.js does with a client secret.
        if (!confirm) throw new StripeError(403, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' });
        body = this.confirmWithCard(confirm[1], params);
      } else if (key === this.secretKey) {
        body = this.route(req.method ?? 'GET', url.pathname, params);
      } else {
        throw new StripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}****` });
      }
      res.statusCode = 200;
      res.end(JSON.stringify(body));
    } catch (error) {
      const e = error instanceof StripeError ? error : new StripeError(500, { type: 'api_error', message: String(error) });
      res.statusCode = e.status;
      res.end(JSON.stringify({ error: e.body }));
    }
  }

  private route(method: string, path: string, params: Obj): Obj {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params);
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = this.customers.get(m[1]);
      if (!customer) throw missing('customer', m[1]);
      if (method === 'DELETE') return this.deleteCustomer(customer);
      if (method === 'POST') Object.assign(customer, pick(params, ['email', 'name']), { metadata: { ...customer.metadata, ...(params.metadata ?? {}) } });
      return customer;
    }
    if (method === 'POST' && path === '/v1/subscriptions') return this.createSubscription(params);
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1]);
      if (!sub) throw missing('subscription', m[1]);
      if (method === 'POST') this.updateSubscription(sub, params);
      if (method === 'DELETE') {
        if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
          // Stripe: a cancelled subscription is as good as gone; cancelling it again finds nothing.
          throw missing('subscription', sub.id);
        }
        Object.assign(sub, { status: 'canceled', canceled_at: this.now, ended_at: this.now });
        this.send([this.event('customer.subscription.deleted', sub)]);
      }
      return this.expandSubscription(sub, params.expand ?? []);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = this.intents.get(m[1]);
      if (!intent) throw missing('payment_intent', m[1], 'intent');
      return intent;
    }
    if (method === 'GET' && path === '/v1/charges') {
      const data = this.charges.filter((c) => !params.customer || c.customer === params.customer).sort((a, b) => b.created - a.created);
      return { object: 'list', data: data.slice(0, Number(params.limit ?? 10)), has_more: data.length > Number(params.limit ?? 10), url: '/v1/charges' };
    }
    throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  // ------------------------------------------------------------ objects

  private createCustomer(params: Obj): Obj {
    const customer = {
      id: id('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.now,
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: params.email ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  /** Stripe deletes the customer for good and cancels its subscriptions at once. */
  private deleteCustomer(customer: Obj): Obj {
    this.customers.delete(customer.id);
    for (const sub of this.subscriptions.values()) {
      if (sub.customer === customer.id && !['canceled', 'incomplete_expired'].includes(sub.status)) Object.assign(sub, { status: 'canceled', canceled_at: this.now, ended_at: this.now });
    }
    return { id: customer.id, object: 'customer', deleted: true };
  }

  /** Whether the customer still exists (it has not been deleted). */
  hasCustomer(customerId: string): boolean {
    return this.customers.has(customerId);
  }

  private priceById(priceId: string): Obj {
    const price = Object.values(this.prices).find((p) => p.id === priceId);
    if (!price) throw missing('price', priceId, 'items[0][price]');
    return price;
  }

  private createSubscription(params: Obj): Obj {
    const customer = this.customers.get(params.customer);
    if (!customer) throw missing('customer', params.customer, 'customer');
    const price = this.priceById(params.items?.[0]?.price);
    const subId = id('sub');
    const item = {
      id: id('si'),
      object: 'subscription_item',
      created: this.now,
      current_period_start: this.now,
      current_period_end: this.now + MONTH,
      metadata: {},
      price,
      quantity: 1,
      subscription: subId,
      tax_rates: [],
    };
    const sub: Obj = {
      id: subId,
      object: 'subscription',
      billing_cycle_anchor: this.now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: this.now,
      currency: 'usd',
      customer: customer.id,
      default_payment_method: null,
      ended_at: null,
      items: { object: 'list', data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${subId}` },
      latest_invoice: null,
      livemode: false,
      metadata: params.metadata ?? {},
      payment_settings: params.payment_settings ?? null,
      start_date: this.now,
      // default_incomplete: the first invoice waits for the browser to confirm its payment.
      status: params.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
    };
    const invoice = this.createInvoice(sub, price.unit_amount, 'subscription_create', { start: this.now, end: this.now + MONTH }, false);
    sub.latest_invoice = invoice.id;
    this.subscriptions.set(subId, sub);
    return this.expandSubscription(sub, params.expand ?? []);
  }

  private createInvoice(sub: Obj, amount: number, reason: string, period: { start: number; end: number }, proration: boolean): Obj {
    const customer = this.customers.get(sub.customer)!;
    const invoiceId = id('in');
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      automatic_payment_methods: null,
      capture_method: 'automatic',
      client_secret: '',
      confirmation_method: 'automatic',
      created: this.now,
      currency: 'usd',
      customer: sub.customer,
      description: reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: {},
      payment_method: null,
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(12).toString('hex')}`;
    this.intents.set(intent.id, intent);
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' },
      created: this.now,
      currency: 'usd',
      customer: sub.customer,
      customer_email: customer.email,
      customer_name: customer.name,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${invoiceId}`,
      invoice_pdf: null,
      lines: {
        object: 'list',
        data: [
          {
            id: id('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description: proration ? 'Remaining time on Enterprise' : `1 × ${sub.items.data[0].price.nickname}`,
            invoice: invoiceId,
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { invoice_item: null, proration, proration_details: null, subscription: sub.id, subscription_item: sub.items.data[0].id },
            },
            period,
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
      livemode: false,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      payments: {
        object: 'list',
        data: [
          {
            id: id('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: amount,
            created: this.now,
            currency: 'usd',
            invoice: invoiceId,
            is_default: true,
            livemode: false,
            payment: { type: 'payment_intent', payment_intent: intent.id },
            status: 'open',
            status_transitions: { canceled_at: null, paid_at: null },
          },
        ],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${invoiceId}`,
      },
      period_end: this.now,
      period_start: this.now,
      status: 'open',
      status_transitions: { finalized_at: this.now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: amount,
      total: amount,
    };
    this.invoices.set(invoiceId, invoice);
    return invoice;
  }

  /** `confirmation_secret` and `payments` are includable only on request, as on Stripe. */
  private expandSubscription(sub: Obj, expand: string[]): Obj {
    const copy = structuredClone(sub);
    if (expand.some((e) => e.startsWith('latest_invoice'))) {
      const invoice = structuredClone(this.invoices.get(sub.latest_invoice)!);
      if (!expand.includes('latest_invoice.confirmation_secret')) delete invoice.confirmation_secret;
      if (!expand.includes('latest_invoice.payments')) delete invoice.payments;
      copy.latest_invoice = invoice;
    }
    return copy;
  }

  private publicInvoice(invoice: Obj): Obj {
    const copy = structuredClone(invoice);
    delete copy.confirmation_secret;
    delete copy.payments;
    return copy;
  }

  private updateSubscription(sub: Obj, params: Obj): void {
    const changes = Object.keys(params).filter((k) => k !== 'metadata' && k !== 'cancellation_details' && k !== 'expand');
    if ((sub.status === 'canceled' || sub.status === 'incomplete_expired') && changes.length > 0) {
      throw new StripeError(400, { type: 'invalid_request_error', message: 'A canceled subscription can only update its cancellation_details and metadata.' });
    }
    if (params.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? sub.items.data[0].current_period_end : null;
      sub.canceled_at = sub.cancel_at_period_end ? this.now : null;
    }
    if (params.metadata) sub.metadata = { ...sub.metadata, ...params.metadata };
    const change = params.items?.[0];
    if (change?.price) {
      const item = sub.items.data.find((i: Obj) => i.id === change.id);
      if (!item) throw new StripeError(400, { type: 'invalid_request_error', message: `No such subscription item: '${change.id}'`, param: 'items[0][id]' });
      const price = this.priceById(change.price);
      const old = item.price;
      const { current_period_start: start, current_period_end: end } = item;
      // Stripe prorates by the time left in the period: credit for the old price, charge for the new.
      const proration = Math.round(((price.unit_amount - old.unit_amount) * (end - this.now)) / (end - start));
      if (params.proration_behavior === 'always_invoice' && proration > 0) {
        if (this.declineNextCharge && params.payment_behavior === 'error_if_incomplete') {
          this.declineNextCharge = false;
          throw new StripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
        }
        const invoice = this.createInvoice(sub, proration, 'subscription_update', { start: this.now, end }, true);
        this.payInvoice(invoice);
        sub.latest_invoice = invoice.id;
      }
      item.price = price;
    }
  }

  private payInvoice(invoice: Obj): Obj {
    const intentId = invoice.payments.data[0].payment.payment_intent;
    const intent = this.intents.get(intentId)!;
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: invoice.amount_due,
      amount_captured: invoice.amount_due,
      amount_refunded: 0,
      captured: true,
      created: this.now,
      currency: 'usd',
      customer: invoice.customer,
      description: intent.description,
      livemode: false,
      paid: true,
      payment_intent: intentId,
      receipt_email: invoice.customer_email,
      receipt_url: `https://pay.stripe.com/receipts/invoices/${randomBytes(10).toString('hex')}`,
      refunded: false,
      status: 'succeeded',
    };
    this.charges.push(charge);
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id, payment_method: id('pm') });
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempted: true, attempt_count: invoice.attempt_count + 1 });
    invoice.status_transitions.paid_at = this.now;
    invoice.payments.data[0].status = 'paid';
    return charge;
  }

  // ------------------------------------------------------------ what Stripe does on its side

  event(type: string, object: Obj, previous?: Obj): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: this.now,
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as unknown as Stripe.Event;
  }

  /** The browser confirmed the first invoice's card payment and it succeeded. */
  confirmPayment(paymentIntentId: string): Stripe.Event[] {
    const intent = this.intents.get(paymentIntentId);
    if (!intent) throw new Error(`no payment intent ${paymentIntentId}`);
    const invoice = [...this.invoices.values()].find((i) => i.payments.data[0].payment.payment_intent === paymentIntentId)!;
    const sub = this.subscriptions.get(invoice.parent.subscription_details.subscription)!;
    this.payInvoice(invoice);
    sub.status = 'active';
    sub.default_payment_method = intent.payment_method;
    return [this.event('invoice.paid', this.publicInvoice(invoice)), this.event('customer.subscription.updated', sub, { status: 'incomplete' })];
  }

  /**
   * Stripe.js confirming a PaymentIntent with a card (publishable key and client secret): Stripe's
   * test cards decline as on Stripe, and a paid, cancelled or unknown intent is refused.
   */
  private confirmWithCard(intentId: string, params: Obj): Obj {
    const intent = this.intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'intent');
    if (params.client_secret !== intent.client_secret) {
      throw new StripeError(400, { type: 'invalid_request_error', message: 'The client_secret provided does not match the client_secret associated with the PaymentIntent.', param: 'client_secret' });
    }
    if (intent.status === 'succeeded') {
      throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', payment_intent: intent });
    }
    if (intent.status === 'canceled') {
      throw new StripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.',
        payment_intent: intent,
      });
    }
    const number = String(params.payment_method_data?.card?.number ?? '').replace(/\s+/g, '');
    const decline = (code: string, message: string, declineCode?: string): never => {
      intent.last_payment_error = { type: 'card_error', code, message, ...(declineCode ? { decline_code: declineCode } : {}) };
      intent.status = 'requires_payment_method';
      throw new StripeError(402, { type: 'card_error', code, message, ...(declineCode ? { decline_code: declineCode } : {}), param: 'number', payment_intent: intent });
    };
    if (!luhnValid(number)) decline('incorrect_number', 'Your card number is incorrect.');
    if (number === TEST_CARDS.declined) decline('card_declined', 'Your card was declined.', 'generic_decline');
    if (number === TEST_CARDS.insufficientFunds) decline('card_declined', 'Your card has insufficient funds.', 'insufficient_funds');
    if (params.return_url) intent.return_url = params.return_url;
    this.send(this.confirmPayment(intentId));
    return intent;
  }

  /** Sends `events` to `webhookUrl` as Stripe does, after answering the call that caused them. */
  private send(events: Stripe.Event[]): void {
    if (!this.webhookUrl) return;
    const url = this.webhookUrl;
    const delivery = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      for (const event of events) {
        // Stripe retries a failed delivery; one retry is enough for a test.
        const first = await this.deliver(url, event).catch(() => ({ status: 0 }));
        if (first.status !== 200) await this.deliver(url, event).catch(() => undefined);
      }
    })();
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  /** Resolves once every event sent to `webhookUrl` so far has been delivered. */
  async settled(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  /** Subscriptions that bill: Stripe's `active`, `past_due` and `trialing`. */
  liveSubscriptions(): Obj[] {
    return [...this.subscriptions.values()].filter((sub) => ['active', 'past_due', 'trialing'].includes(sub.status)).map((sub) => structuredClone(sub));
  }

  /** Every subscription Stripe holds, whatever its status. */
  allSubscriptions(): Obj[] {
    return [...this.subscriptions.values()].map((sub) => structuredClone(sub));
  }

  customer(customerId: string): Obj | undefined {
    return this.customers.get(customerId);
  }

  intent(paymentIntentId: string): Obj | undefined {
    return this.intents.get(paymentIntentId);
  }

  /** The subscription whose first invoice `paymentIntentId` pays. */
  subscriptionOfIntent(paymentIntentId: string): string {
    const invoice = [...this.invoices.values()].find((i) => i.payments.data[0].payment.payment_intent === paymentIntentId);
    if (!invoice) throw new Error(`no invoice for ${paymentIntentId}`);
    return invoice.parent.subscription_details.subscription;
  }

  subscription(subId: string): Obj {
    return this.subscriptions.get(subId)!;
  }

  /** The period ran out and the saved card paid the next one. */
  renew(subId: string): Stripe.Event {
    const sub = this.subscriptions.get(subId)!;
    const item = sub.items.data[0];
    this.now = item.current_period_end;
    item.current_period_start = this.now;
    item.current_period_end = this.now + MONTH;
    const invoice = this.createInvoice(sub, item.price.unit_amount, 'subscription_cycle', { start: item.current_period_start, end: item.current_period_end }, false);
    this.payInvoice(invoice);
    sub.latest_invoice = invoice.id;
    return this.event('invoice.paid', this.publicInvoice(invoice));
  }

  /** The period ran out and the saved card was declined. */
  failRenewal(subId: string): Stripe.Event {
    const sub = this.subscriptions.get(subId)!;
    const item = sub.items.data[0];
    this.now = item.current_period_end;
    item.current_period_start = this.now;
    item.current_period_end = this.now + MONTH;
    const invoice = this.createInvoice(sub, item.price.unit_amount, 'subscription_cycle', { start: item.current_period_start, end: item.current_period_end }, false);
    Object.assign(invoice, { attempted: true, attempt_count: 1 });
    Object.assign(this.intents.get(invoice.payments.data[0].payment.payment_intent)!, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    sub.status = 'past_due';
    sub.latest_invoice = invoice.id;
    return this.event('invoice.payment_failed', this.publicInvoice(invoice));
  }

  /** Stripe's retry of a failed invoice, and the card paid this time. */
  retryInvoice(subId: string): Stripe.Event {
    const sub = this.subscriptions.get(subId)!;
    const invoice = this.invoices.get(sub.latest_invoice)!;
    this.payInvoice(invoice);
    sub.status = 'active';
    return this.event('invoice.paid', this.publicInvoice(invoice));
  }

  /**
   * The first invoice stayed unpaid for 23 hours: Stripe expires the subscription
   * (`incomplete_expired`, terminal), voids the invoice and cancels its PaymentIntent.
   */
  expireIncomplete(subId: string): Stripe.Event {
    const sub = this.subscriptions.get(subId)!;
    if (sub.status !== 'incomplete') throw new Error(`subscription ${subId} is ${sub.status}, not incomplete`);
    this.now += 23 * 60 * 60;
    const invoice = this.invoices.get(sub.latest_invoice)!;
    invoice.status = 'void';
    Object.assign(this.intents.get(invoice.payments.data[0].payment.payment_intent)!, { status: 'canceled', canceled_at: this.now, cancellation_reason: 'void_invoice' });
    Object.assign(sub, { status: 'incomplete_expired', ended_at: this.now });
    return this.event('customer.subscription.updated', sub, { status: 'incomplete' });
  }

  /** A subscription cancelled at period end reaches the end of its period. */
  endPeriod(subId: string): Stripe.Event {
    const sub = this.subscriptions.get(subId)!;
    if (!sub.cancel_at_period_end) throw new Error('not cancelled at period end');
    this.now = sub.items.data[0].current_period_end;
    Object.assign(sub, { status: 'canceled', ended_at: this.now });
    return this.event('customer.subscription.deleted', sub);
  }

  /** Posts `event` to the webhook as Stripe does, signed with `secret` (default: the endpoint's). */
  async deliver(webhookUrl: string, event: Stripe.Event, secret = this.webhookSecret): Promise<{ status: number; body: any }> {
    const payload = JSON.stringify(event, null, 2);
    const header = this.library.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) });
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }
}

function pick(source: Obj, keys: string[]): Obj {
  return Object.fromEntries(keys.filter((k) => source[k] !== undefined).map((k) => [k, source[k]]));
}
