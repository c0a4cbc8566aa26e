/** Seller application data access (docs/data-model.md §3.15). */
import {
  SellerApplicationEntity,
  type SellerApplicationItem,
} from '../shared/db/entities/seller-application';

export type { SellerApplicationItem };

/** A1: store (or replace) the user's application. */
export const putSellerApplication = async (item: SellerApplicationItem): Promise<void> => {
  await SellerApplicationEntity.put(item).go();
};
