/**
 * StripeCustomer data access, one function per access pattern (docs/data-model.md, section 3.29).
 */
import {
  StripeCustomerEntity,
  type StripeCustomerItem,
} from '../shared/db/entities/stripe-customer';
import { writtenUnlessRefused } from '../shared/db/entity';
import type { TransactionWrite } from '../shared/db/transaction';

export type { StripeCustomerItem };

/** SC1: the user's customer, read consistently (a checkout decides from it), or null. */
export const getStripeCustomerItem = async (userId: string): Promise<StripeCustomerItem | null> =>
  (await StripeCustomerEntity.get({ user_id: userId }).go({ consistent: true })).data;

/** SC2: the user's customer, created only while absent; false when one was stored first. */
export const createStripeCustomerIfAbsent = async (item: StripeCustomerItem): Promise<boolean> => {
  return writtenUnlessRefused(StripeCustomerEntity.create(item));
};

/** SC3 (transaction item of the backfill): SC2's create, refused when the item exists. */
export const stripeCustomerCreate = (item: StripeCustomerItem): TransactionWrite =>
  StripeCustomerEntity.create(item);
