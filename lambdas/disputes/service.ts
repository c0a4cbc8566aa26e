/**
 * Disputes (see docs/product.md, Dispute): a buyer files a dispute about a
 * template they downloaded; its buyer, its seller and admins (roles admin and both) can follow
 * it. Admins move it from open to in review to one of the three final statuses; each move is
 * appended to its timeline, told to both parties and recorded in the audit log, in one
 * transaction.
 */
import { ulid } from 'ulid';
import { auditWrite } from '../shared/audit';
import { getTemplate } from '../catalog/service';
import { hasDownloaded } from '../downloads/service';
import { notificationWrites, sendQueuedEmails } from '../notifications/service';
import { ensureProfile, getProfile, type ProfileIdentity } from '../profiles/service';
import {
  disputeStatusConflictMessage,
  disputeUpdatedMessage,
  type DisputeResolutionInput,
} from '../../contract/admin-disputes';
import {
  DISPUTE_MESSAGES,
  type Dispute,
  type DisputeInput,
  type DisputeStatus,
} from '../../contract/disputes';
import { mayActAsOwner } from '../shared/auth/access';
import type { AuthContext } from '../shared/auth/claims';
import type { UserProfile } from '../../contract/profile';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { RETRY, retry } from '../shared/retry';
import {
  createDispute,
  getDisputeById,
  queryDisputesAsBuyer,
  queryDisputesAsSeller,
  queryDisputesByStatus,
  pseudonymiseDisputeParty,
  transitionDispute,
  type DisputeItem,
} from './repo';

/**
 * The stored item as the API shape for `viewerId` (an explicit allow-list). The parties' e-mail
 * addresses are included only for an admin who is not a party (`adminView`).
 */
export const toDispute = (item: DisputeItem, viewerId: string, adminView = false): Dispute => ({
  id: item.id,
  mvp_id: item.mvp_id,
  reason: item.reason,
  details: item.details,
  status: item.status,
  opened_at: item.opened_at,
  resolved_at: item.resolved_at ?? null,
  resolution_details: item.resolution_details ?? null,
  timeline: item.timeline.map((entry) => ({ status: entry.status, at: entry.at })),
  buyer: {
    id: item.buyer_id,
    username: item.buyer_username ?? null,
    display_name: item.buyer_display_name ?? null,
    ...(adminView ? { email: item.buyer_email } : {}),
  },
  seller: {
    id: item.seller_id,
    username: item.seller_username ?? null,
    display_name: item.seller_display_name ?? null,
    ...(adminView ? { email: item.seller_email } : {}),
  },
  mvp: { id: item.mvp_id, title: item.mvp_title, slug: item.mvp_slug },
  viewer_role:
    item.buyer_id === viewerId ? 'buyer' : item.seller_id === viewerId ? 'seller' : 'admin',
});

/**
 * Files a dispute.
 *
 * 1. The caller must have downloaded the template (checked here, whatever the form offered).
 * 2. The seller is the template's; names and e-mails of both parties are copied in (e-mails for
 *    admins only).
 * 3. Stored as `open` with the first timeline entry.
 */
export const fileDispute = async (
  caller: ProfileIdentity,
  input: DisputeInput,
): Promise<Dispute> => {
  if (!(await hasDownloaded(caller.userId, input.mvp_id))) {
    throw new ValidationError(DISPUTE_MESSAGES.notDownloaded, {
      mvp_id: DISPUTE_MESSAGES.notDownloaded,
    });
  }
  // The live template names the seller; one no longer in the catalog is the detail page's 404.
  const template = await getTemplate(input.mvp_id);
  const [buyer, seller] = await Promise.all([
    ensureProfile(caller),
    getProfile(template.seller.id),
  ]);
  const now = new Date().toISOString();
  const item: DisputeItem = {
    id: ulid(),
    buyer_id: caller.userId,
    seller_id: template.seller.id,
    mvp_id: input.mvp_id,
    reason: input.reason,
    details: input.details,
    status: 'open',
    opened_at: now,
    timeline: [{ status: 'open', at: now, by: caller.userId }],
    updated_at: now,
    buyer_username: buyer.username ?? undefined,
    buyer_display_name: buyer.display_name ?? undefined,
    buyer_email: buyer.email,
    seller_username: seller?.username ?? undefined,
    seller_display_name: seller?.display_name ?? undefined,
    seller_email: seller?.email ?? '',
    mvp_title: template.title,
    mvp_slug: template.slug,
  };
  // The seller hears of it at once (and by e-mail); the buyer filed it and needs no notice.
  await createDispute(
    item,
    item.seller_id === item.buyer_id
      ? []
      : notificationWrites(
          {
            userId: item.seller_id,
            type: 'dispute_opened',
            message: `A buyer opened a dispute about "${template.title}". An admin will review it; you can follow each step on the dispute's page.`,
            link: `/disputes/${item.id}`,
          },
          now,
        ),
  );
  await sendQueuedEmails();
  return toDispute(item, caller.userId);
};

/** Disputes where the caller is buyer or seller, newest first, each once. */
export const listMyDisputes = async (userId: string): Promise<Dispute[]> => {
  const [asBuyer, asSeller] = await Promise.all([
    queryDisputesAsBuyer(userId),
    queryDisputesAsSeller(userId),
  ]);
  const byId = new Map<string, DisputeItem>();
  for (const item of [...asBuyer, ...asSeller]) byId.set(item.id, item);
  return [...byId.values()]
    .sort((a, b) => b.opened_at.localeCompare(a.opened_at) || b.id.localeCompare(a.id))
    .map((item) => toDispute(item, userId));
};

/**
 * One dispute (`owner-or-admin`: the chain loaded the caller's profile): for its buyer, its seller,
 * or a caller with admin rights (roles admin and both, never a beta account); anyone else gets 403
 * with the product's text. Parties see each other by name only; an admin who is not a party also
 * sees the e-mail addresses.
 */
export const getDisputeFor = async (caller: UserProfile, id: string): Promise<Dispute> => {
  const item = await getDisputeById(id);
  if (!item) throw new NotFoundError(DISPUTE_MESSAGES.notFound);
  const party = item.buyer_id === caller.id || item.seller_id === caller.id;
  if (!party && !mayActAsOwner(caller, item.buyer_id)) {
    throw new ForbiddenError(DISPUTE_MESSAGES.forbidden);
  }
  return toDispute(item, caller.id, !party);
};

// ---------------------------------------------------------------------------------------------
// Admin: the queue and the transitions
// ---------------------------------------------------------------------------------------------

/** The admin queue: the disputes of one status, oldest first, with the parties' e-mails. */
export const listDisputesByStatus = async (
  adminId: string,
  status: DisputeStatus,
): Promise<Dispute[]> =>
  (await queryDisputesByStatus(status)).map((item) => toDispute(item, adminId, true));

/** Retries of a transition that lost a race to another transaction on the same items. */
const MAX_CONFLICT_RETRIES = 3;

type Admin = Pick<AuthContext, 'userId' | 'email'>;

/**
 * Moves a dispute `from` → `to` for an admin, in one transaction: the status (condition
 * `status = from`), the timeline entry, `resolved_at` and the details for a final status, a
 * `dispute_updated` notification to the buyer and to the seller, and the audit entry. A dispute in
 * another status is a 409 naming it (a second click, or another admin first); a transaction that
 * only conflicted is tried again from a fresh read.
 */
const moveDispute = async (
  admin: Admin,
  id: string,
  from: DisputeStatus,
  to: Exclude<DisputeStatus, 'open'>,
  resolutionDetails?: string,
): Promise<Dispute> => {
  const action = to === 'in_review' ? 'start-review' : 'resolve';
  return retry(
    async () => {
      const item = await getDisputeById(id);
      if (!item) throw new NotFoundError(DISPUTE_MESSAGES.notFound);
      if (item.status !== from) {
        throw new ConflictError(disputeStatusConflictMessage(action, item.status));
      }
      const now = new Date().toISOString();
      const set = {
        status: to,
        timeline: [...item.timeline, { status: to, at: now, by: admin.userId }],
        updated_at: now,
        ...(resolutionDetails === undefined
          ? {}
          : { resolved_at: now, resolution_details: resolutionDetails }),
      };
      const message = disputeUpdatedMessage(item.mvp_title, to);
      const link = `/disputes/${item.id}`;
      // One notification per person (a counter item may appear once in a transaction).
      const parties = [...new Set([item.buyer_id, item.seller_id])];
      const result = await transitionDispute({
        id,
        from,
        set,
        notifications: parties.flatMap((userId) =>
          notificationWrites({ userId, type: 'dispute_updated', message, link }, now),
        ),
        audit: auditWrite({
          actor: { userId: admin.userId, email: admin.email },
          action: action === 'resolve' ? 'dispute.resolve' : 'dispute.start_review',
          target: { type: 'dispute', id, name: item.mvp_title },
          before: { status: from },
          after: {
            status: to,
            ...(resolutionDetails === undefined ? {} : { resolution_details: resolutionDetails }),
          },
          now,
        }),
      });
      if (!result.canceled) {
        logger.info('Dispute moved', { disputeId: id, from, to });
        await sendQueuedEmails();
        return toDispute({ ...item, ...set }, admin.userId, true);
      }
      // Refused on the dispute: the fresh read names the status it is in now. Otherwise it lost a
      // race on another item (a party's unread counter): try again, a few times.
      return RETRY;
    },
    {
      attempts: 1 + MAX_CONFLICT_RETRIES,
      baseDelayMs: 0,
      exhausted: `Moving dispute ${id} to ${to} kept conflicting.`,
    },
  );
};

/** Start Review: open → in_review. */
export const startDisputeReview = (admin: Admin, id: string): Promise<Dispute> =>
  moveDispute(admin, id, 'open', 'in_review');

/** Resolve: in_review → resolved_buyer, resolved_seller or closed_no_action, with its details. */
export const resolveDispute = (
  admin: Admin,
  id: string,
  input: DisputeResolutionInput,
): Promise<Dispute> => moveDispute(admin, id, 'in_review', input.status, input.resolution_details);

/** A closed account's disputes, on either side: kept, with the pseudonym instead of the person. */
export const pseudonymiseDisputesOf = async (
  userId: string,
  pseudonym: string,
): Promise<number> => {
  const now = new Date().toISOString();
  const [asBuyer, asSeller] = await Promise.all([
    queryDisputesAsBuyer(userId),
    queryDisputesAsSeller(userId),
  ]);
  for (const item of asBuyer) await pseudonymiseDisputeParty(item, 'buyer', pseudonym, now);
  for (const item of asSeller) await pseudonymiseDisputeParty(item, 'seller', pseudonym, now);
  return asBuyer.length + asSeller.length;
};
