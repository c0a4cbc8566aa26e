/**
 * What every Stripe webhook rule shares: reading Stripe's times and expandable ids, the revenue
 * counters of a paid amount, committing an effect with the event's claim, retried after a
 * conflict, and rejecting a signed event that cannot be applied.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { stripe, type Stripe } from '../shared/adapters/stripe';
import { logger, metrics } from '../shared/observability';
import { counterAddWrite, queryOrdersOfUser } from '../ledger/service';
import { RETRY, retry } from '../shared/retry';
import { applyEffect } from './repo';

const MAX_ATTEMPTS = 4;

export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The revenue counters of one paid amount: all time, its month and its day. */
export const revenueWrites = (
  amount: number,
  paidAt: string,
  now: string,
  subscription: boolean,
) => ({
  revenueAll: counterAddWrite('revenue', 'all', amount, now),
  revenueMonth: counterAddWrite('revenue', paidAt.slice(0, 7), amount, now),
  revenueDay: counterAddWrite('revenue', paidAt.slice(0, 10), amount, now),
  subscriptionRevenue: subscription
    ? counterAddWrite('subscription_revenue', paidAt.slice(0, 7), amount, now)
    : null,
});

/** Commits `build()`'s effect with the event's claim, re-reading after a conflict. */
export const applyWithRetry = async (
  event: Stripe.Event,
  build: (now: Date) => Promise<Parameters<typeof applyEffect>[1]>,
): Promise<'applied' | 'duplicate'> => {
  let refusedCodes: unknown;
  return retry(
    async () => {
      const now = new Date();
      const outcome = await applyEffect(event, await build(now), now);
      if (outcome === 'applied' || outcome === 'duplicate') return outcome;
      refusedCodes = outcome.refused.codes;
      return RETRY;
    },
    {
      attempts: MAX_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: () =>
        new Error(`Event ${event.id} kept conflicting: ${JSON.stringify(refusedCodes)}`),
    },
  );
};

/** A signed event that no retry can apply (no object, not our transfer, an unknown object). */
export class RejectedEventError extends Error {
  override readonly name = 'RejectedEventError';
}

/** Stripe's answer for an object it does not know (an event naming a deleted subscription). */
const isMissingAtStripe = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'resource_missing';

/** Whether applying the event failed for good (rejected), not for now (Stripe retries those). */
export const isRejection = (error: unknown): error is Error =>
  error instanceof RejectedEventError || isMissingAtStripe(error);

/**
 * A rejected event is logged, counted (`WebhookEventsRejected`, docs/operations.md) and claimed
 * without effect, so the webhook acknowledges it: a 500 would only make Stripe retry it for three
 * days with the same result.
 */
export const rejectEvent = async (
  event: { id: string; type: string },
  reason: string,
): Promise<void> => {
  logger.warn('Stripe event rejected', { id: event.id, type: event.type, reason });
  metrics.addMetric('WebhookEventsRejected', MetricUnit.Count, 1);
  await applyEffect(event, {}, new Date());
};

/** Our user behind a charge: its metadata (one-time orders), else its customer's. */
export const userOfCharge = async (charge: Stripe.Charge): Promise<string | undefined> => {
  if (charge.metadata?.user_id) return charge.metadata.user_id;
  const customerId = idOf(charge.customer);
  if (!customerId) return undefined;
  const customer = await (await stripe()).customers.retrieve(customerId);
  return customer.deleted ? undefined : customer.metadata?.user_id;
};

/** The user's order that a payment paid (read afresh on each call), if recorded yet. */
export const orderOfPayment = async (userId: string, paymentIntentId: string) =>
  (await queryOrdersOfUser(userId)).find(
    (candidate) => candidate.payment_intent_id === paymentIntentId,
  );
