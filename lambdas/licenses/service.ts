/**
 * Licence certificates (docs/data-model.md, section 3.20): who may use which version of which
 * template under which terms, and the plan or order behind it. A licence is never written alone:
 * the download's and the order's transactions take `licenseWrite` as one of their named items, so
 * a licence exists exactly when its download or order does.
 */
import { ulid } from 'ulid';
import type { LicensingTerms } from '../../contract/catalog';
import {
  LICENSE_MESSAGES,
  LICENSE_TERMS_SUMMARY,
  type License,
  type LicenseList,
} from '../../contract/licenses';
import type { PlanType } from '../../contract/plans';
import { isTemplateListed } from '../catalog/template-items';
import type { TransactionWrite } from '../shared/db/transaction';
import { NotFoundError } from '../shared/errors';
import { openCursor, sealCursor } from '../shared/http/cursor';
import {
  createLicenseWrite,
  findLicenseOfOrder,
  getLicenseById,
  licenseDisputedWrite,
  licenseDisputeWonWrite,
  licenseRefundedWrite as refundedWrite,
  listLicensesOfUser,
  listLicensesOfUserForTemplate,
  listSubscriptionLicensesIssuedBetween,
  markLicenseDisputed,
  markLicenseRefunded,
  type LicenseItem,
} from './repo';

/** Licence ids are ULIDs; anything else cannot be one. */
const LICENSE_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

export interface LicenseWriteInput {
  userId: string;
  licenseeName: string;
  mvp: {
    id: string;
    title: string;
    seller_id: string;
    version_number: string;
    licensing_terms: LicensingTerms;
  };
  source: LicenseItem['source'];
  planType?: PlanType;
  orderId?: string;
  downloadId?: string;
  now: string;
}

/**
 * The new licence's id and its write (a create: it never overwrites), to commit inside the
 * caller's transaction under one name (e.g. `license`). The id is known before the commit, so the
 * caller can answer with it.
 */
export const licenseWrite = (input: LicenseWriteInput): { id: string; write: TransactionWrite } => {
  const id = ulid(Date.parse(input.now));
  const item: LicenseItem = {
    id,
    user_id: input.userId,
    licensee_name: input.licenseeName,
    mvp_id: input.mvp.id,
    mvp_title: input.mvp.title,
    seller_id: input.mvp.seller_id,
    version_number: input.mvp.version_number,
    licensing_terms: input.mvp.licensing_terms,
    source: input.source,
    plan_type: input.planType,
    order_id: input.orderId,
    download_id: input.downloadId,
    issued_at: input.now,
  };
  return { id, write: createLicenseWrite(item) };
};

/**
 * The name a certificate shows for its holder: the display name, else the username, else a
 * neutral "Buyer" with the start of the account id. Never the e-mail address: anyone holding the
 * licence id can read the certificate.
 */
export const licenseeNameOf = (profile: {
  id: string;
  display_name?: string | null;
  username?: string | null;
}): string =>
  profile.display_name?.trim() || profile.username?.trim() || `Buyer ${profile.id.slice(0, 8)}`;

/** The stored item as the certificate (an allow-list: the holder's account id stays inside). */
export const toLicense = (item: LicenseItem, listed: boolean): License => {
  const terms = LICENSE_TERMS_SUMMARY[item.licensing_terms];
  return {
    id: item.id,
    licensee_name: item.licensee_name,
    mvp_id: item.mvp_id,
    mvp_title: item.mvp_title,
    version_number: item.version_number,
    licensing_terms: item.licensing_terms,
    terms_title: terms.title,
    terms_summary: terms.summary,
    source: item.source,
    plan_type: item.plan_type ?? null,
    order_id: item.order_id ?? null,
    issued_at: item.issued_at,
    refunded_at: item.refunded_at ?? null,
    disputed_at: item.disputed_at ?? null,
    mvp_listed: listed,
  };
};

/** One licence for anyone holding its id (verification); an unknown or malformed id is 404. */
export const getLicense = async (id: string): Promise<License> => {
  const item = LICENSE_ID.test(id) ? await getLicenseById(id.toUpperCase()) : null;
  if (!item) throw new NotFoundError(LICENSE_MESSAGES.notFound);
  return toLicense(item, await isTemplateListed(item.mvp_id));
};

/**
 * The licence an order issued (or the first download of its template did, for an order recorded
 * without one): a bought template's later downloads hand it back rather than issue another, so a
 * buyer holds one licence per purchase.
 */
export const licenseIdOfOrder = async (userId: string, orderId: string): Promise<string | null> =>
  (await findLicenseOfOrder(userId, orderId))?.id ?? null;

/** The caller's licences, newest first, a page at a time. */
export const listMyLicenses = async (
  userId: string,
  options: { limit: number; cursor?: string },
): Promise<LicenseList> => {
  // A cursor belongs to this caller's licence list.
  const binding = `licenses|${userId}`;
  const page = await listLicensesOfUser(userId, {
    limit: options.limit,
    cursor: await openCursor(options.cursor, binding),
  });
  const ids = [...new Set(page.items.map((item) => item.mvp_id))];
  const listed = new Map(
    await Promise.all(ids.map(async (id) => [id, await isTemplateListed(id)] as const)),
  );
  return {
    items: page.items.map((item) => toLicense(item, listed.get(item.mvp_id) === true)),
    cursor: await sealCursor(page.cursor, binding),
  };
};

/**
 * What the access rule reads of one licence: which it is, and whether the payment behind it was
 * refunded or disputed with the card issuer (either revokes it).
 */
export interface LicenseStanding {
  id: string;
  issuedAt: string;
  refundedAt: string | null;
  /** Absent or null when the payment was never disputed, or the dispute was won. */
  disputedAt?: string | null;
}

const standingOf = (item: LicenseItem): LicenseStanding => ({
  id: item.id,
  issuedAt: item.issued_at,
  refundedAt: item.refunded_at ?? null,
  disputedAt: item.disputed_at ?? null,
});

/** The user's licences of one template, newest first (lambdas/downloads/access.ts). */
export const licensesOfTemplate = async (
  userId: string,
  templateId: string,
): Promise<LicenseStanding[]> =>
  (await listLicensesOfUserForTemplate(userId, templateId)).map(standingOf);

/** One licence's standing by id (a quota period's grant names the licence it issued). */
export const licenseStanding = async (id: string): Promise<LicenseStanding | null> => {
  const item = await getLicenseById(id);
  return item ? standingOf(item) : null;
};

/**
 * Licences one refund's transaction marks at most: with the transaction's other items it stays
 * under DynamoDB's 100; more (an unlimited plan's busy month) are marked right after it commits.
 */
export const LICENSES_PER_REFUND_TRANSACTION = 80;

/**
 * What marks refunded every licence a plan's refunded period paid for: those issued by the buyer's
 * downloads under the plan from `from` to `to` (the refunded invoice's period) and not marked yet.
 * `writes` (keyed `license_<n>`) go into the refund's transaction; `markRest` marks those beyond
 * {@link LICENSES_PER_REFUND_TRANSACTION} once it has committed (each once: L5's condition).
 */
export const periodLicensesRefunded = async (
  userId: string,
  period: { from: string; to: string },
  now: string,
): Promise<{ writes: Record<string, TransactionWrite>; markRest: () => Promise<void> }> => {
  const open = (await listSubscriptionLicensesIssuedBetween(userId, period.from, period.to)).filter(
    (item) => !item.refunded_at,
  );
  const first = open.slice(0, LICENSES_PER_REFUND_TRANSACTION);
  const rest = open.slice(LICENSES_PER_REFUND_TRANSACTION);
  return {
    writes: Object.fromEntries(
      first.map((item, index) => [`license_${index}`, refundedWrite(item.id, now)]),
    ),
    markRest: async () => {
      for (const item of rest) await markLicenseRefunded(item.id, now);
    },
  };
};

/**
 * The write that marks the licence of a fully refunded order refunded, for the refund's
 * transaction; `null` when the order issued none or it is marked already.
 */
export const licenseRefundedWrite = async (
  userId: string,
  orderId: string,
  now: string,
): Promise<TransactionWrite | null> => {
  const item = await findLicenseOfOrder(userId, orderId);
  return item && !item.refunded_at ? refundedWrite(item.id, now) : null;
};

/**
 * What a card dispute (chargeback) of a payment does to the licences it paid for, exactly as a
 * full refund does: `revoke` marks them disputed (a dispute opened, or lost without being seen
 * open), `!revoke` gives them back (a dispute won). The one-time order's licence, or those a plan's
 * period issued (`period`, the invoice's), each once; `writes` (keyed `license_<n>`) go into the
 * dispute's transaction, `markRest` does those beyond {@link LICENSES_PER_REFUND_TRANSACTION}
 * after it has committed.
 */
export const licensesDisputed = async (
  userId: string,
  paidFor: { orderId: string } | { period: { from: string; to: string } },
  revoke: boolean,
  now: string,
): Promise<{ writes: Record<string, TransactionWrite>; markRest: () => Promise<void> }> => {
  const candidates =
    'orderId' in paidFor
      ? [await findLicenseOfOrder(userId, paidFor.orderId)].filter((item) => item !== null)
      : await listSubscriptionLicensesIssuedBetween(userId, paidFor.period.from, paidFor.period.to);
  // A refunded licence stays refunded whatever the dispute does.
  const open = candidates.filter(
    (item) => !item.refunded_at && (revoke ? !item.disputed_at : Boolean(item.disputed_at)),
  );
  const first = open.slice(0, LICENSES_PER_REFUND_TRANSACTION);
  const rest = open.slice(LICENSES_PER_REFUND_TRANSACTION);
  return {
    writes: Object.fromEntries(
      first.map((item, index) => [
        `license_${index}`,
        revoke ? licenseDisputedWrite(item.id, now) : licenseDisputeWonWrite(item.id),
      ]),
    ),
    markRest: async () => {
      for (const item of rest) await markLicenseDisputed(item.id, revoke, now);
    },
  };
};
