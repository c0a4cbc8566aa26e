/**
 * A profile's billing fields, one function per access pattern (docs/data-model.md, "profiles"):
 * the Stripe customer and the Connect account (its status a transaction item lent to billing).
 */
import { ProfileEntity } from '../shared/db/entities/profile';
import { isConditionFailure } from '../shared/db/entity';

/** P20: the Stripe customer of the profile, set once (a lost race keeps the first one). */
export const setStripeCustomerIfAbsent = async (
  id: string,
  customerId: string,
  now: string,
): Promise<boolean> => {
  try {
    await ProfileEntity.patch({ id })
      .set({ stripe_customer_id: customerId, updated_at: now })
      .where(({ stripe_customer_id }, { notExists }) => notExists(stripe_customer_id))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** P21: the Connect account of the profile, set once (a lost race keeps the first one). */
export const setStripeAccountIfAbsent = async (
  id: string,
  accountId: string,
  now: string,
): Promise<boolean> => {
  try {
    await ProfileEntity.patch({ id })
      .set({ stripe_account_id: accountId, updated_at: now })
      .where(({ stripe_account_id }, { notExists }) => notExists(stripe_account_id))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * P22 (transaction item): the Connect account's status from an `account.updated` event, unless a
 * newer event was applied already (out-of-order delivery changes nothing).
 */
export const connectStatusWrite = (input: {
  id: string;
  accountId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  eventCreated: number;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      stripe_payouts_enabled: input.payoutsEnabled,
      stripe_details_submitted: input.detailsSubmitted,
      stripe_account_event_created: input.eventCreated,
      updated_at: input.now,
    })
    .where(
      ({ stripe_account_id, stripe_account_event_created }, { eq, notExists, lte }) =>
        `${eq(stripe_account_id, input.accountId)} AND (${notExists(stripe_account_event_created)} OR ${lte(stripe_account_event_created, input.eventCreated)})`,
    );
