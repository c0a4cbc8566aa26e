/** Licence data access (docs/data-model.md, section 3.20): one function per access pattern. */
import { LicenseEntity, type LicenseItem } from '../shared/db/entities/license';
import { writtenUnlessRefused } from '../shared/db/model';

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

/** L5 alone (beyond a refund's transaction): false when it was marked already. */
export const markLicenseRefunded = async (id: string, now: string): Promise<boolean> => {
  return writtenUnlessRefused(licenseRefundedWrite(id, now));
};

/**
 * L5b (transaction item): the licence revoked by a card dispute (chargeback), once; its first
 * dispute date is kept while the dispute runs and once it is lost.
 */
export const licenseDisputedWrite = (id: string, now: string) =>
  LicenseEntity.patch({ id })
    .set({ disputed_at: now })
    .where(({ disputed_at }, { notExists }) => notExists(disputed_at));

/** L5c (transaction item): a won dispute gives the licence back (only one that was disputed). */
export const licenseDisputeWonWrite = (id: string) =>
  LicenseEntity.patch({ id })
    .remove(['disputed_at'])
    .where(({ disputed_at }, { exists }) => exists(disputed_at));

/** L5b or L5c alone (beyond a dispute's transaction): false when it was so already. */
export const markLicenseDisputed = async (
  id: string,
  disputed: boolean,
  now: string,
): Promise<boolean> => {
  return writtenUnlessRefused(
    disputed ? licenseDisputedWrite(id, now) : licenseDisputeWonWrite(id),
  );
};

/**
 * L6: the user's licences of one template, newest first (the access rule of lambdas/downloads:
 * does the caller hold a valid one, or was the latest refunded). Read like L4: a buyer holds tens.
 */
export const listLicensesOfUserForTemplate = async (
  userId: string,
  mvpId: string,
): Promise<LicenseItem[]> => {
  const { data } = await LicenseEntity.query
    .byUser({ user_id: userId })
    .go({ order: 'desc', pages: 'all' });
  return data.filter((item) => item.mvp_id === mvpId);
};

/**
 * L7: the user's licences issued from `from` (inclusive) to `to` (exclusive) under a plan
 * (source subscription): what a refunded period's payment had paid for.
 */
export const listSubscriptionLicensesIssuedBetween = async (
  userId: string,
  from: string,
  to: string,
): Promise<LicenseItem[]> => {
  const { data } = await LicenseEntity.query
    .byUser({ user_id: userId })
    .between({ issued_at: from }, { issued_at: to })
    .go({ pages: 'all' });
  return data.filter(
    (item) => item.source === 'subscription' && item.issued_at >= from && item.issued_at < to,
  );
};
