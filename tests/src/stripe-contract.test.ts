/**
 * The Stripe calls billing makes, as a contract: the same expectations run against the local
 * stand-in the payment tests use (always) and against Stripe's test mode (when
 * STRIPE_SECRET_KEY holds an `sk_test_` key), so the stand-in cannot drift from Stripe
 * unnoticed. The live run creates its own product and price, and cancels what it created.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { FakeStripe } from './support/fake-stripe';

interface Target {
  stripe: Stripe;
  price: string;
  cleanup(): Promise<void>;
}

const liveKey = process.env.STRIPE_SECRET_KEY?.startsWith('sk_test_') ? process.env.STRIPE_SECRET_KEY : undefined;

function describeStripeContract(name: string, open: () => Promise<Target>): void {
  describe(`Stripe contract: ${name}`, () => {
    let target: Target;
    const created: string[] = [];

    beforeAll(async () => {
      target = await open();
    }, 60_000);

    afterAll(async () => {
      for (const id of created) await target.stripe.subscriptions.cancel(id).catch(() => undefined);
      await target?.cleanup();
    }, 60_000);

    async function incompleteSubscription() {
      const customer = await target.stripe.customers.create({ email: `contract.${randomUUID().slice(0, 8)}@example.com`, name: 'Contract Test', metadata: { pendingRegistration: 'true' } });
      const subscription = await target.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: target.price }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
        metadata: { plan: 'premium' },
      });
      created.push(subscription.id);
      return { customer, subscription };
    }

    it('creates an incomplete subscription whose first invoice carries the client secret and its PaymentIntent', async () => {
      const { customer, subscription } = await incompleteSubscription();
      expect(subscription.status).toBe('incomplete');
      expect(subscription.customer).toBe(customer.id);
      const invoice = subscription.latest_invoice as Stripe.Invoice;
      expect(invoice.billing_reason).toBe('subscription_create');
      expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
      expect(invoice.confirmation_secret?.client_secret).toMatch(/^pi_\w+_secret_\w+$/);
      const payment = invoice.payments?.data.find((p) => p.payment.type === 'payment_intent');
      expect(typeof payment?.payment.payment_intent).toBe('string');
      const intent = await target.stripe.paymentIntents.retrieve(payment!.payment.payment_intent as string);
      expect(intent.status).toBe('requires_payment_method');
      expect(intent.customer).toBe(customer.id);
      expect(intent.client_secret).toBe(invoice.confirmation_secret?.client_secret);
    });

    it('keeps the period and the price on the subscription item', async () => {
      const { subscription } = await incompleteSubscription();
      const item = subscription.items.data[0];
      expect(item.price.id).toBe(target.price);
      expect(item.price.recurring?.interval).toBe('month');
      expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
      const again = await target.stripe.subscriptions.retrieve(subscription.id);
      expect(again.items.data[0].id).toBe(item.id);
      expect(typeof again.latest_invoice).toBe('string');
    });

    it('cancels at period end on request', async () => {
      const { subscription } = await incompleteSubscription();
      const updated = await target.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      expect(updated.cancel_at_period_end).toBe(true);
    });

    it('cancels an unpaid subscription at once, and deletes the pending registration\'s customer', async () => {
      const { customer, subscription } = await incompleteSubscription();
      const renamed = await target.stripe.customers.update(customer.id, { email: 'renamed@example.com', name: 'Renamed Visitor' });
      expect(renamed).toMatchObject({ email: 'renamed@example.com', name: 'Renamed Visitor' });
      const cancelled = await target.stripe.subscriptions.cancel(subscription.id);
      // An unpaid subscription never bills once cancelled, whichever final status Stripe gives it.
      expect(['canceled', 'incomplete_expired']).toContain(cancelled.status);
      expect(await target.stripe.customers.del(customer.id)).toMatchObject({ id: customer.id, deleted: true });
    });

    it('lists a customer\'s charges and answers an unknown PaymentIntent with resource_missing', async () => {
      const { customer } = await incompleteSubscription();
      const charges = await target.stripe.charges.list({ customer: customer.id, limit: 100 });
      expect(charges.object).toBe('list');
      expect(Array.isArray(charges.data)).toBe(true);
      await expect(target.stripe.paymentIntents.retrieve('pi_doesnotexist000000000000')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    });

    it('verifies a webhook signed with the endpoint secret and refuses any other', () => {
      const secret = 'whsec_contract_test_secret';
      const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } });
      const header = target.stripe.webhooks.generateTestHeaderString({ payload, secret });
      expect(target.stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
      expect(() => target.stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    });
  });
}

describeStripeContract('local stand-in', async () => {
  const fake = new FakeStripe();
  await fake.start();
  const url = new URL(fake.url);
  const stripe = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
  return { stripe, price: fake.prices.premium.id, cleanup: () => fake.stop() };
});

if (liveKey) {
  describeStripeContract('Stripe test mode', async () => {
    const stripe = new Stripe(liveKey);
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 2500, recurring: { interval: 'month' }, nickname: 'Premium', product_data: { name: 'CiteCheck contract test' } });
    return {
      stripe,
      price: price.id,
      cleanup: async () => {
        await stripe.prices.update(price.id, { active: false }).catch(() => undefined);
      },
    };
  });
} else {
  // Jest drops the console output of skipped work, so the line goes straight to stderr too.
  const announceSkip = (message: string) => {
    console.log(message);
    process.stderr.write(`${message}\n`);
  };
  announceSkip('SKIPPED: Stripe contract against Stripe test mode (set STRIPE_SECRET_KEY to an sk_test_ key to run it)');
}
