/**
 * What every Stripe webhook rule shares: reading Stripe's times and expandable ids, the revenue
 * counters of a paid amount, and committing an effect with the event's claim, retried after a
 * conflict.
 */
import type { Stripe } from '../shared/adapters/stripe';
import { counterAddWrite } from '../ledger/service';
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
  for (let attempt = 1; ; attempt += 1) {
    const now = new Date();
    const outcome = await applyEffect(event, await build(now), now);
    if (outcome === 'applied' || outcome === 'duplicate') return outcome;
    if (attempt >= MAX_ATTEMPTS) {
      throw new Error(
        `Event ${event.id} kept conflicting: ${JSON.stringify(outcome.refused.codes)}`,
      );
    }
  }
};
