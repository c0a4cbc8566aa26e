/** Licence data access (docs/data-model.md, section 3.20): one function per access pattern. */
import { LicenseEntity, type LicenseItem } from '../shared/db/entities/license';

export type { LicenseItem };

/**
 * L1: a new licence, as an item of another domain's transaction (the download's, the order's);
 * `create` refuses to overwrite an existing id.
 */
export const createLicenseWrite = (item: LicenseItem) => LicenseEntity.create(item);

/** L2: one licence by id (the public verification page). */
export const getLicenseById = async (id: string): Promise<LicenseItem | null> => {
  const { data } = await LicenseEntity.get({ id }).go();
  return data;
};

export interface LicensePageItems {
  items: LicenseItem[];
  cursor: string | null;
}

/** L3: the user's licences, newest first, a page at a time. */
export const listLicensesOfUser = async (
  userId: string,
  options: { limit: number; cursor?: string },
): Promise<LicensePageItems> => {
  const { data, cursor } = await LicenseEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor ?? null });
  return { items: data, cursor: cursor ?? null };
};

/** L4: the user's licence issued by one order, if any (an order issues at most one). */
export const findLicenseOfOrder = async (
  userId: string,
  orderId: string,
): Promise<LicenseItem | null> => {
  const { data } = await LicenseEntity.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data.find((item) => item.order_id === orderId) ?? null;
};

/** L5 (transaction item): the licence marked refunded, once (its first refund date is kept). */
export const licenseRefundedWrite = (id: string, now: string) =>
  LicenseEntity.patch({ id })
    .set({ refunded_at: now })
    .where(({ refunded_at }, { notExists }) => notExists(refunded_at));
