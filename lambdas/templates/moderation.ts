/**
 * MVP reviews (seller spec §2 Admin dashboard, §4 MVP status 6): the admin queue of pending
 * templates and an admin's approve or reject. Each decision is one transaction (templates/repo.ts
 * `writeTemplate`) with the status counter, the catalog version (an approved template is in
 * `/mvps` at once), the seller's notification with the template's real title and link (the spec's
 * known defect fixed) and the audit entry. Conditioned on the status read: of two admins deciding
 * at once, one wins and the other gets a 409 naming the status the template is in now.
 */
import { notifyUpgradeAvailable } from '../deployments/upgrade-notice';
import { logger } from '../shared/observability';
import { auditWrite } from '../audit/service';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import { getUserContacts, type UserContact } from '../profiles/admin-lookups';
import {
  MODERATION_MESSAGES,
  PENDING_MVP_LIST_LIMIT,
  PENDING_MVP_STATUSES,
  moderationConflictMessage,
  type ModerationResult,
  type PendingMvp,
  type PendingMvpFilter,
  type PendingMvpList,
  type PendingMvpStatus,
} from '../shared/contracts/admin-mvps';
import { previewUrl, type MvpStatus } from '../shared/contracts/catalog';
import type { Profile } from '../shared/contracts/profile';
import { MVP_MESSAGES } from '../shared/contracts/templates';
import { ConflictError, NotFoundError } from '../shared/errors';
import {
  TransactionRefusedError,
  getMvpById,
  getStatusCounts,
  listMvpsByStatus,
  writeTemplate,
  type MvpItem,
} from './repo';
import { toManagedMvp } from './view';

const isPending = (status: MvpStatus): status is PendingMvpStatus =>
  (PENDING_MVP_STATUSES as readonly MvpStatus[]).includes(status);

const toPendingMvp = (item: MvpItem, seller: UserContact | undefined): PendingMvp => ({
  id: item.id,
  title: item.title,
  tagline: item.tagline,
  category: item.category,
  tech_stack: item.tech_stack,
  status: item.status as PendingMvpStatus,
  version_number: item.version_number,
  access_tier: item.access_tier,
  price: item.price ?? null,
  preview_images: item.preview_image_keys.map(previewUrl),
  last_processing_error: item.last_processing_error ?? null,
  submittedAt: item.updated_at,
  created_at: item.created_at,
  seller_id: item.seller_id,
  sellerEmail: seller?.email ?? null,
  sellerUsername: seller?.username ?? null,
  sellerDisplayName: seller?.display_name ?? null,
});

/** The oldest `limit` templates over `statuses` (M9: one query per status, merged), with sellers. */
const oldestPending = async (
  statuses: readonly PendingMvpStatus[],
  limit: number,
): Promise<PendingMvp[]> => {
  const lists = await Promise.all(statuses.map((status) => listMvpsByStatus(status, limit)));
  const items = lists
    .flat()
    // A GSI lags: an item may still be listed under a status it just left.
    .filter((item) => isPending(item.status))
    .sort((a, b) => a.updated_at.localeCompare(b.updated_at) || a.id.localeCompare(b.id))
    .slice(0, limit);
  const sellers = await getUserContacts(items.map((item) => item.seller_id));
  return items.map((item) => toPendingMvp(item, sellers.get(item.seller_id)));
};

/** `GET /api/admin/mvps?status=`: the oldest pending templates, with the exact counts (M12). */
export const listPendingMvps = async (filter: PendingMvpFilter): Promise<PendingMvpList> => {
  const statuses = filter === 'pending' ? PENDING_MVP_STATUSES : [filter];
  const [items, counts] = await Promise.all([
    oldestPending(statuses, PENDING_MVP_LIST_LIMIT),
    getStatusCounts(),
  ]);
  return {
    items,
    counts: {
      pending_review: counts.pending_review ?? 0,
      scan_failed: counts.scan_failed ?? 0,
      ipfs_pin_failed: counts.ipfs_pin_failed ?? 0,
    },
  };
};

/** The overview's first pending templates (the oldest `limit`). */
export const listOldestPendingMvps = (limit: number): Promise<PendingMvp[]> =>
  oldestPending(PENDING_MVP_STATUSES, limit);

/** K4 for the overview: every status bucket of the `mvps` counter (absent buckets are 0). */
export const getMvpStatusCounts = (): Promise<Record<string, number>> => getStatusCounts();

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 3)}...` : text;

/** Where the seller's notifications lead: the live page, or My MVPs where the reason shows. */
const MY_MVPS_LINK = '/my-mvps';
const mvpLink = (id: string) => `/mvp/${id}`;

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/** What a decision writes on the template and tells the seller. */
const decisionWrites = (mvp: MvpItem, decision: Decision, now: string) => {
  if (decision.kind === 'approve') {
    return {
      set: {
        status: 'approved',
        // The first publication date stays: a later version does not make a template "new".
        published_at: mvp.published_at ?? now,
        updated_at: now,
      } satisfies Partial<MvpItem>,
      remove: ['last_processing_error'] as const,
      notification: {
        userId: mvp.seller_id,
        type: 'mvp_approved',
        message: `Your MVP "${mvp.title}" (version ${mvp.version_number}) was approved and is now published.`,
        link: mvpLink(mvp.id),
      } satisfies NotificationInput,
      message: MODERATION_MESSAGES.approved,
    };
  }
  return {
    // The reason is what the seller reads on My MVPs (the template's last error).
    set: {
      status: 'rejected',
      last_processing_error: decision.reason,
      updated_at: now,
    } satisfies Partial<MvpItem>,
    remove: ['published_at'] as const,
    notification: {
      userId: mvp.seller_id,
      type: 'mvp_rejected',
      message: clip(
        `Your MVP "${mvp.title}" (version ${mvp.version_number}) was rejected: ${decision.reason}`,
        1_000,
      ),
      link: MY_MVPS_LINK,
    } satisfies NotificationInput,
    message: MODERATION_MESSAGES.rejected,
  };
};

/** Attempts when a concurrent transaction on the same items collided (not a refusal). */
const MAX_ATTEMPTS = 3;

/**
 * An admin's decision on one template.
 *
 * 1. Read it: archived or missing → 404; not pending → 409 naming its status; approving a
 *    template whose processing failed → 409 (only a bundle waiting for review is published).
 * 2. One transaction: the template from the status read (condition), the counter, the catalog
 *    version, the seller's notification and the audit entry.
 * 3. Refused because the status moved → read again and answer from the new status (step 1);
 *    a collision with another transaction is tried again.
 */
const decide = async (
  admin: Profile,
  mvpId: string,
  decision: Decision,
): Promise<ModerationResult> => {
  for (let attempt = 1; ; attempt += 1) {
    const mvp = await getMvpById(mvpId);
    if (!mvp || mvp.status === 'archived') throw new NotFoundError(MVP_MESSAGES.notFound);
    if (!isPending(mvp.status)) throw new ConflictError(moderationConflictMessage(mvp.status));
    if (decision.kind === 'approve' && mvp.status !== 'pending_review') {
      throw new ConflictError(MODERATION_MESSAGES.notApprovableFailed);
    }
    const now = new Date().toISOString();
    const writes = decisionWrites(mvp, decision, now);
    try {
      await writeTemplate({
        mvpId,
        fromStatus: mvp.status,
        set: writes.set,
        remove: [...writes.remove],
        extra: notificationWrites(writes.notification, now),
        audit: auditWrite({
          actor: { userId: admin.id, email: admin.email },
          action: decision.kind === 'approve' ? 'mvp.approve' : 'mvp.reject',
          target: { type: 'mvp', id: mvpId, name: mvp.title },
          before: { status: mvp.status },
          after: {
            status: writes.set.status,
            ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
          },
          now,
        }),
        now,
      });
      const updated: MvpItem = { ...mvp, ...writes.set };
      for (const name of writes.remove) delete updated[name];
      // Buyers who deployed an older version hear of this one (best effort: it is approved anyway).
      if (decision.kind === 'approve') {
        await notifyUpgradeAvailable(updated).catch((error: unknown) =>
          logger.warn('Deployers could not be told of the new version', { mvpId, error }),
        );
      }
      return { mvp: toManagedMvp(updated), message: writes.message };
    } catch (error) {
      if (!(error instanceof TransactionRefusedError) || attempt === MAX_ATTEMPTS) {
        if (error instanceof TransactionRefusedError) {
          throw new ConflictError(MVP_MESSAGES.changedMeanwhile);
        }
        throw error;
      }
      // The status moved (read it again) or another transaction collided (try again).
    }
  }
};

/** `POST /api/admin/mvps/{id}/approve`: pending_review → approved, published at once. */
export const approveMvp = (admin: Profile, mvpId: string): Promise<ModerationResult> =>
  decide(admin, mvpId, { kind: 'approve' });

/** `POST /api/admin/mvps/{id}/reject`: any pending status → rejected, with the reason. */
export const rejectMvp = (
  admin: Profile,
  mvpId: string,
  reason: string,
): Promise<ModerationResult> => decide(admin, mvpId, { kind: 'reject', reason });
