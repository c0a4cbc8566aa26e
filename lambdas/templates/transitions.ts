/**
 * Status transitions that other domains drive (STYLE.md rule 11: the templates domain writes
 * them, the callers decide when):
 * - the processing pipeline publishes a clean bundle or records why it failed;
 * - an admin approves or rejects a template in review (the admin issue adds the routes).
 *
 * Processing results are conditioned on `status = pending_review AND file_key = :fileKey`: a
 * retried task, a duplicate execution, or an execution overtaken by a newer upload finds the
 * condition false and changes nothing ('skipped').
 */
import { notificationWrites, type NotificationInput } from '../notifications/service';
import type { MvpStatus } from '../shared/contracts/catalog';
import { ConflictError, NotFoundError } from '../shared/errors';
import { MVP_MESSAGES } from '../shared/contracts/templates';
import {
  TransactionRefusedError,
  countDownload,
  getMvpById,
  getVersion,
  rate,
  writeTemplate,
  type MvpItem,
  type MvpVersionItem,
} from './repo';

export type TransitionOutcome = 'applied' | 'skipped';

/** A refused template transaction (`item` names what failed); retried by callers on a conflict. */
export { TransactionRefusedError };

/** The template and version processing works on (strongly consistent), or null. */
export const getTemplateForProcessing = async (
  mvpId: string,
  versionId: string,
): Promise<{ mvp: MvpItem | null; version: MvpVersionItem | null }> => {
  const [mvp, version] = await Promise.all([getMvpById(mvpId), getVersion(mvpId, versionId)]);
  return { mvp, version };
};

/** A refused condition on the template itself means it moved on; anything else is rethrown. */
const skippedOnMove = (error: unknown): TransitionOutcome => {
  if (
    error instanceof TransactionRefusedError &&
    error.item === 'mvp' &&
    error.code === 'ConditionalCheckFailed'
  ) {
    return 'skipped';
  }
  throw error;
};

const stillProcessing = (mvp: MvpItem | null, fileKey: string): mvp is MvpItem =>
  mvp !== null && mvp.status === 'pending_review' && mvp.file_key === fileKey;

export interface PublishInput {
  mvpId: string;
  versionId: string;
  fileKey: string;
  cid: string;
  /** Moderation mode records the CID and keeps pending_review for an admin. */
  moderate: boolean;
  /** The seller's notification once published (not in moderation mode). */
  notification: (mvp: MvpItem) => NotificationInput;
  now: string;
}

/**
 * M5 pending_review → approved (the first publication date kept, the previous CID remembered,
 * the version's CID recorded, the catalog moved, the seller notified), or the CID only in
 * moderation mode.
 */
export const publishProcessedVersion = async (input: PublishInput): Promise<TransitionOutcome> => {
  const mvp = await getMvpById(input.mvpId);
  if (!stillProcessing(mvp, input.fileKey)) return 'skipped';
  const to: MvpStatus = input.moderate ? 'pending_review' : 'approved';
  const previous =
    mvp.ipfs_hash && mvp.ipfs_hash !== input.cid ? mvp.ipfs_hash : mvp.previous_ipfs_hash;
  return writeTemplate({
    mvpId: mvp.id,
    fromStatus: 'pending_review',
    fileKey: input.fileKey,
    set: {
      status: to,
      ipfs_hash: input.cid,
      ...(previous ? { previous_ipfs_hash: previous } : {}),
      // The first publication date stays: later versions do not make a template "new".
      ...(to === 'approved' ? { published_at: mvp.published_at ?? input.now } : {}),
      updated_at: input.now,
    },
    remove: ['last_processing_error'],
    version: { patch: { id: input.versionId, set: { ipfs_hash: input.cid } } },
    extra: input.moderate ? [] : notificationWrites(input.notification(mvp), input.now),
    now: input.now,
  }).then(() => 'applied' as const, skippedOnMove);
};

export interface FailureInput {
  mvpId: string;
  fileKey: string;
  to: 'scan_failed' | 'ipfs_pin_failed';
  /** The reason shown to the seller (`last_processing_error`). */
  error: string;
  notification: (mvp: MvpItem) => NotificationInput;
  now: string;
}

/** M5 pending_review → scan_failed | ipfs_pin_failed, with the reason and the seller notified. */
export const failProcessedVersion = async (input: FailureInput): Promise<TransitionOutcome> => {
  const mvp = await getMvpById(input.mvpId);
  if (!stillProcessing(mvp, input.fileKey)) return 'skipped';
  return writeTemplate({
    mvpId: mvp.id,
    fromStatus: 'pending_review',
    fileKey: input.fileKey,
    set: { status: input.to, last_processing_error: input.error, updated_at: input.now },
    extra: notificationWrites(input.notification(mvp), input.now),
    now: input.now,
  }).then(() => 'applied' as const, skippedOnMove);
};

/** Statuses an admin reviews (the spec's "pending" tab). */
export const REVIEWABLE_STATUSES: readonly MvpStatus[] = [
  'pending_review',
  'scan_failed',
  'ipfs_pin_failed',
];

const reviewable = async (mvpId: string): Promise<MvpItem> => {
  const mvp = await getMvpById(mvpId);
  if (!mvp || mvp.status === 'archived') throw new NotFoundError(MVP_MESSAGES.notFound);
  if (!REVIEWABLE_STATUSES.includes(mvp.status)) {
    throw new ConflictError(MVP_MESSAGES.changedMeanwhile);
  }
  return mvp;
};

const conflictOnMove = (error: unknown): never => {
  if (error instanceof TransactionRefusedError && error.item === 'mvp') {
    throw new ConflictError(MVP_MESSAGES.changedMeanwhile);
  }
  throw error;
};

/**
 * An admin approves a template in review: approved with `published_at`, into the catalog, the
 * seller notified with the template's real name (the spec's known defect fixed). Of two admins
 * deciding at once, one wins and the other gets 409.
 */
export const approveTemplate = async (
  mvpId: string,
  notification: (mvp: MvpItem) => NotificationInput,
  now: string,
): Promise<MvpItem> => {
  const mvp = await reviewable(mvpId);
  const set: Partial<MvpItem> = {
    status: 'approved',
    published_at: mvp.published_at ?? now,
    updated_at: now,
  };
  await writeTemplate({
    mvpId,
    fromStatus: mvp.status,
    set,
    remove: ['last_processing_error'],
    extra: notificationWrites(notification(mvp), now),
    now,
  }).catch(conflictOnMove);
  const updated = { ...mvp, ...set };
  delete updated.last_processing_error;
  return updated;
};

/**
 * An admin rejects a template in review with a reason (shown to the seller as the template's
 * last processing error): rejected, `published_at` cleared, the seller notified.
 */
export const rejectTemplate = async (
  mvpId: string,
  reason: string,
  notification: (mvp: MvpItem) => NotificationInput,
  now: string,
): Promise<MvpItem> => {
  const mvp = await reviewable(mvpId);
  const set: Partial<MvpItem> = {
    status: 'rejected',
    last_processing_error: reason,
    updated_at: now,
  };
  await writeTemplate({
    mvpId,
    fromStatus: mvp.status,
    set,
    remove: ['published_at'],
    extra: notificationWrites(notification(mvp), now),
    now,
  }).catch(conflictOnMove);
  const updated = { ...mvp, ...set };
  delete updated.published_at;
  return updated;
};

/**
 * M13 as a transaction item, for the domain that records a download: one more download of an
 * approved template (refused, item `mvp`, when it is not approved any more). A counter update:
 * no `updated_at`, so the catalog order reflects real edits only.
 */
export const countDownloadWrite = (mvpId: string) => countDownload(mvpId);

/**
 * M14 as a transaction item, for the domain that records a review: the exact rating sum and
 * count move by the review's delta (ADD never loses a concurrent review).
 */
export const rateWrite = (mvpId: string, sumDelta: number, countDelta: number) =>
  rate(mvpId, sumDelta, countDelta);
