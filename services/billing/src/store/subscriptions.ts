/**
 * Billing's subscriptions: the Stripe subscription, its customer, the PaymentIntent of its
 * first invoice, whose account it is and what Stripe last said about it. Updates that follow
 * Stripe's events are conditional on the event being newer than the last one applied, so
 * events that arrive out of order never roll a subscription back.
 */
import type { Collection, Store } from '@citecheck/platform';
import type { PaidPlan } from '@citecheck/proto';

export interface SubscriptionDoc {
  /** Stripe subscription id. */
  id: string;
  customerId: string;
  /** The first invoice's PaymentIntent: what the browser confirms and account creation checks. */
  paymentIntentId: string;
  /**
   * The account the subscription is for. A signed-out visitor's names the account its pending
   * registration is (identity's payerAccount) from the start; '' only on records from before
   * accounts were made first, whose account is made after payment.
   */
  userId: string;
  /**
   * Started by a signed-out visitor: its Stripe customer was made for the pending registration,
   * and is deleted (and the name and e-mail forgotten) if the payment is never made.
   */
  byVisitor?: boolean;
  email: string;
  name: string;
  plan: PaidPlan;
  /** Stripe's status (incomplete, active, past_due, canceled, ...). */
  status: string;
  itemId: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** `created` (epoch seconds) of the last Stripe event applied. */
  lastEventAt: number;
  createdAt: string;
}

/** What Stripe says a subscription is now. */
export type SubscriptionState = Pick<SubscriptionDoc, 'plan' | 'status' | 'itemId' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>;

export interface SubscriptionRepository {
  add(doc: SubscriptionDoc): Promise<void>;
  byId(id: string): Promise<SubscriptionDoc | null>;
  byPaymentIntent(paymentIntentId: string): Promise<SubscriptionDoc | null>;
  /** The user's newest subscription. */
  latestOf(userId: string): Promise<SubscriptionDoc | null>;
  /** The account created after payment; only the first link counts. */
  linkAccount(id: string, userId: string, email: string, name: string): Promise<SubscriptionDoc | null>;
  /** Applies Stripe's state as of `eventAt` unless a newer event was applied or the subscription ended (canceled or expired: both final). */
  applyState(id: string, state: Partial<SubscriptionState>, eventAt: number): Promise<SubscriptionDoc | null>;
  /** What a call to Stripe answered just now: applied unless the subscription ended. */
  recordState(id: string, state: Partial<SubscriptionState>): Promise<SubscriptionDoc | null>;
  /**
   * A paid period: applied only when it starts after the stored one (a repeat changes nothing).
   * The event's time is recorded too, so an older failure arriving late cannot mark it owed.
   */
  renewPeriod(id: string, start: number, end: number, eventAt: number): Promise<SubscriptionDoc | null>;
  /** Subscriptions of the customer that may still bill or be paid (not ended, not expired). */
  liveOfCustomer(customerId: string): Promise<SubscriptionDoc[]>;
  /**
   * A visitor's payment that was never made: the name and e-mail of the pending registration
   * are forgotten. Only while no account is linked.
   */
  forgetVisitor(id: string): Promise<SubscriptionDoc | null>;
  /** Every subscription of the account, newest first. */
  ofUser(userId: string): Promise<SubscriptionDoc[]>;
  /** The account was deleted: its name and e-mail come off every record of it. */
  forgetAccount(userId: string): Promise<void>;
}

/** Stripe statuses after which a subscription never bills again. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'];

export function openSubscriptions(store: Store): SubscriptionRepository {
  const subscriptions: Collection<SubscriptionDoc> = store.collection<SubscriptionDoc>({
    name: 'subscriptions',
    indexes: [{ fields: ['paymentIntentId'], unique: true }, { fields: ['userId'] }, { fields: ['customerId'] }],
  });
  return {
    async add(doc) {
      await subscriptions.insert(doc);
    },
    byId: (id) => subscriptions.get(id),
    byPaymentIntent: (paymentIntentId) => subscriptions.findOne({ paymentIntentId }),
    async latestOf(userId) {
      if (!userId) return null;
      return (await subscriptions.find({ userId }, { sort: { createdAt: -1 }, limit: 1 }))[0] ?? null;
    },
    linkAccount: (id, userId, email, name) => subscriptions.update(id, { $set: { userId, email, name } }, { userId: '' }),
    applyState: (id, state, eventAt) =>
      subscriptions.update(id, { $set: { ...state, lastEventAt: eventAt } }, { lastEventAt: { $lte: eventAt }, status: { $nin: ENDED_STATUSES } }),
    recordState: (id, state) => subscriptions.update(id, { $set: state }, { status: { $nin: ENDED_STATUSES } }),
    async renewPeriod(id, start, end, eventAt) {
      const renewed = await subscriptions.update(
        id,
        { $set: { currentPeriodStart: start, currentPeriodEnd: end, status: 'active' } },
        { currentPeriodStart: { $lt: start }, status: { $ne: 'canceled' } },
      );
      if (!renewed) return null;
      return (await subscriptions.update(id, { $set: { lastEventAt: eventAt } }, { lastEventAt: { $lt: eventAt } })) ?? renewed;
    },
    liveOfCustomer: (customerId) => subscriptions.find({ customerId, status: { $nin: ENDED_STATUSES } }),
    async forgetVisitor(id) {
      return (
        (await subscriptions.update(id, { $set: { name: '', email: '' } }, { userId: '' })) ??
        subscriptions.update(id, { $set: { name: '', email: '' } }, { byVisitor: true })
      );
    },
    ofUser: (userId) => (userId ? subscriptions.find({ userId }, { sort: { createdAt: -1 } }) : Promise.resolve([])),
    async forgetAccount(userId) {
      for (const sub of await subscriptions.find({ userId })) await subscriptions.update(sub.id, { $set: { name: '', email: '' } });
    },
  };
}
