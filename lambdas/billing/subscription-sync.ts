/**
 * Our copy of a Stripe subscription, and what it does to the subscriber's quota. One function,
 * `applySubscription`, used by every path that learns a subscription's state: the webhook's
 * subscription and checkout events, and the caller's own changes (cancel, resume, switch plan).
 *
 * Out-of-order delivery: the state written is always Stripe's current state (the caller re-reads
 * the subscription), and it is written only if no newer event was applied before
 * (`last_event_created`), so an older event delivered late changes nothing.
 */
import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';
import { stripe, type Stripe } from '../shared/adapters/stripe';
import { isActiveSubscriptionStatus } from '../../contract/subscriptions';
import type { SUBSCRIPTION_STATUSES } from '../../contract/subscriptions';
import type { TransactionItems } from '../shared/db/transaction';
import { logger } from '../shared/observability';
import { RETRY, retry } from '../shared/retry';
import { entitlementChangeWrite, getEntitlement } from '../downloads/entitlement';
import { planOfPrice, quotaOfPlan } from './plans';
import {
  getSubscriptionOfUser,
  querySubscriptionsOfUser,
  subscriptionStateWrite,
  type SubscriptionItem,
} from '../ledger/service';
import { applyEffect, commitWrites } from './repo';
import { RejectedEventError } from './webhook-effect';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_ATTEMPTS = 4;

/**
 * Our id of a Stripe subscription: a ULID whose time part is the subscription's creation and
 * whose random part is a hash of its Stripe id. Deterministic, so two events about a new
 * subscription that arrive together write one item, never two; still sorted by creation time.
 */
export const subscriptionItemId = (
  stripeSubscriptionId: string,
  createdSeconds: number,
): string => {
  const digest = createHash('sha256').update(stripeSubscriptionId).digest();
  let random = '';
  for (let index = 0; index < 16; index += 1) random += CROCKFORD[digest[index]! % 32];
  return encodeTime(createdSeconds * 1000, 10) + random;
};

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired', 'unpaid']);

/** The user a Stripe subscription belongs to: set in its metadata at checkout. */
export const subscriptionUserId = async (subscription: Stripe.Subscription): Promise<string> => {
  const fromMetadata = subscription.metadata?.user_id;
  if (fromMetadata) return fromMetadata;
  const customerId =
    typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const customer = await (await stripe()).customers.retrieve(customerId);
  const userId = customer.deleted ? undefined : customer.metadata?.user_id;
  // Not a subscription our checkout made: no retry can tell whose it is.
  if (!userId) throw new RejectedEventError(`Subscription ${subscription.id} names no user.`);
  return userId;
};

/** Stripe's subscription as our item (without the event time, added by the caller). */
export const toSubscriptionItem = (
  subscription: Stripe.Subscription,
  userId: string,
  eventCreated: number,
  now: string,
): SubscriptionItem => {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  const priceId = item.price.id;
  const planType = planOfPrice(priceId) ?? (subscription.metadata?.plan_type as never);
  if (!planType)
    throw new Error(`Subscription ${subscription.id} sells an unknown price ${priceId}`);
  const paymentMethod =
    typeof subscription.default_payment_method === 'object'
      ? subscription.default_payment_method
      : null;
  const card = paymentMethod?.card;
  return {
    user_id: userId,
    id: subscriptionItemId(subscription.id, subscription.created),
    plan_type: planType,
    price_id: priceId,
    stripe_subscription_id: subscription.id,
    stripe_customer_id:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    status: subscription.status as (typeof SUBSCRIPTION_STATUSES)[number],
    current_period_start: iso(item.current_period_start),
    current_period_end: iso(item.current_period_end),
    cancel_at_period_end: subscription.cancel_at_period_end,
    ...(card && { payment_method_brand: card.brand, payment_method_last4: card.last4 }),
    last_event_created: eventCreated,
    created_at: iso(subscription.created),
    updated_at: now,
  };
};

/** Stripe's current state of a subscription, with the card it charges. */
export const retrieveSubscription = async (id: string): Promise<Stripe.Subscription> =>
  (await stripe()).subscriptions.retrieve(id, { expand: ['default_payment_method'] });

/**
 * The quota item that goes with a new state, if any: a plan switch moves the remaining downloads
 * by the difference of the quotas (never below zero); the end of the user's only active
 * subscription zeroes them. Resets happen on paid invoices, not here.
 */
const quotaEffect = async (
  item: SubscriptionItem,
  previous: SubscriptionItem | null,
  now: string,
) => {
  const entitlement = await getEntitlement(item.user_id);
  if (!entitlement) return null;
  const active = isActiveSubscriptionStatus(item.status);
  if (active && previous && previous.plan_type !== item.plan_type) {
    const quota = quotaOfPlan(item.plan_type);
    const remaining = Math.max(
      0,
      entitlement.downloadsRemaining + quota - quotaOfPlan(previous.plan_type),
    );
    return entitlementChangeWrite(entitlement, { remaining, quota, now });
  }
  const endsNow =
    ENDED_STATUSES.has(item.status) && !(previous && ENDED_STATUSES.has(previous.status));
  if (endsNow && (entitlement.downloadsRemaining > 0 || entitlement.downloadQuota > 0)) {
    const others = await querySubscriptionsOfUser(item.user_id);
    const anotherActive = others.some(
      (other) => other.id !== item.id && isActiveSubscriptionStatus(other.status),
    );
    if (anotherActive) return null;
    return entitlementChangeWrite(entitlement, { remaining: 0, quota: 0, now });
  }
  return null;
};

export interface SubscriptionEvent {
  id: string;
  type: string;
  created: number;
}

/**
 * The writes of Stripe's current state of `subscription` as of `eventCreated`: the subscription
 * item (conditioned on nothing newer applied) and its quota effect. `null` when a newer state was
 * applied already. For callers that commit a subscription change inside a larger effect (a full
 * refund ends the subscription with the refund's order, in one transaction).
 */
export const subscriptionWrites = async (
  subscription: Stripe.Subscription,
  userId: string,
  eventCreated: number,
  now: Date,
): Promise<{ subscription: TransactionItems[string]; quota: TransactionItems[string] } | null> => {
  const item = toSubscriptionItem(subscription, userId, eventCreated, now.toISOString());
  const previous = await getSubscriptionOfUser(userId, item.id);
  if (previous && previous.last_event_created > eventCreated) return null;
  return {
    subscription: subscriptionStateWrite(item),
    quota: await quotaEffect(item, previous, now.toISOString()),
  };
};

/**
 * Writes Stripe's current state of `subscription` (and its quota effect) as of `eventCreated`,
 * claiming `event` in the same transaction when it comes from a webhook. Returns the stored item,
 * or `null` when a newer state had been applied already.
 */
export const applySubscription = async (
  subscription: Stripe.Subscription,
  eventCreated: number,
  event: SubscriptionEvent | null,
  /** More items of the event's effect (the webhook's notice of a failed payment). */
  extra: TransactionItems = {},
  /** Called once when this call claims `event` (never for a replay of it). */
  onClaimed: () => void = () => undefined,
): Promise<SubscriptionItem | null> => {
  const claim = async (items: TransactionItems, now: Date) => {
    const outcome = await applyEffect(event!, items, now);
    if (outcome === 'applied') onClaimed();
    return outcome;
  };
  const userId = await subscriptionUserId(subscription);
  return retry<SubscriptionItem | null>(
    async () => {
      const now = new Date();
      const item = toSubscriptionItem(subscription, userId, eventCreated, now.toISOString());
      const writes = await subscriptionWrites(subscription, userId, eventCreated, now);
      if (!writes) {
        if (event) await claim(extra, now);
        logger.info('Older subscription event ignored', { eventId: event?.id, eventCreated });
        return null;
      }
      const items: TransactionItems = { ...writes, ...extra };
      if (event) {
        const outcome = await claim(items, now);
        if (outcome === 'applied' || outcome === 'duplicate') return item;
        if (outcome.refused.failed('subscription') === 'ConditionalCheckFailed') {
          await claim(extra, now);
          return null;
        }
      } else {
        const result = await commitWrites(items);
        if (!result.canceled) return item;
        if (result.failed('subscription') === 'ConditionalCheckFailed') return null;
      }
      // The entitlement moved under us (a download): read again, at once.
      return RETRY;
    },
    {
      attempts: MAX_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: `Subscription ${subscription.id} kept conflicting`,
    },
  );
};
