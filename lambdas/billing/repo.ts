/**
 * Subscription data access (docs/data-model.md §3.8): one function per access pattern. The
 * caller's id is part of every key, so these reads can only return the caller's own items.
 */
import { SubscriptionEntity, type SubscriptionItem } from '../shared/db/entities/subscription';

export type { SubscriptionItem };

/** S1: the user's subscriptions, newest first (ULID ids sort by creation time). */
export const querySubscriptionsOfUser = async (userId: string): Promise<SubscriptionItem[]> => {
  const { data } = await SubscriptionEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** S2: the user's newest subscription (the subscription view), or `null`. */
export const getNewestSubscriptionOfUser = async (
  userId: string,
): Promise<SubscriptionItem | null> => {
  const { data } = await SubscriptionEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
};

/** One subscription of the user by id (refund requests check ownership with it). */
export const getSubscriptionOfUser = async (
  userId: string,
  id: string,
): Promise<SubscriptionItem | null> => {
  const { data } = await SubscriptionEntity.get({ user_id: userId, id }).go({ consistent: true });
  return data;
};

/** Writes a subscription that does not exist yet (`attribute_not_exists`: an import, not an update). */
export const createSubscription = async (item: SubscriptionItem): Promise<void> => {
  await SubscriptionEntity.create(item).go();
};

/** Moves a subscription into a new billing period (what the monthly invoice does). */
export const renewSubscriptionPeriod = async (
  userId: string,
  id: string,
  period: { start: string; end: string },
  now: string,
): Promise<void> => {
  await SubscriptionEntity.patch({ user_id: userId, id })
    .set({ current_period_start: period.start, current_period_end: period.end, updated_at: now })
    .go();
};
