/**
 * Data access of the processing pipeline: the MVP and its version (M1, V2) and the two status
 * transitions out of `pending_review` (M5), each one transaction with the notification, the `mvps`
 * status counter and, when the catalog changes, the catalog version (docs/data-model.md §3.3, §3.7, §3.17).
 *
 * Every transition is conditioned on `status = pending_review AND file_key = :fileKey`: a retried
 * task, a duplicate execution, or an execution overtaken by a newer upload finds the condition
 * false and changes nothing.
 */
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { transactWrite, type TransactionResult } from '../shared/db/transaction';
import { MvpEntity } from '../shared/db/entities/mvp';
import { MvpVersionEntity } from '../shared/db/entities/mvp-version';
import { mvpStatusCounterWrites } from '../shared/db/mvp-status-counter';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import { TransientError } from './errors';

export type MvpItem = NonNullable<Awaited<ReturnType<typeof getMvp>>>;
export type MvpVersionItem = NonNullable<Awaited<ReturnType<typeof getMvpVersion>>>;

/** M1, strongly consistent: the task must see the status the caller just wrote. */
export const getMvp = async (id: string) =>
  (await MvpEntity.get({ id }).go({ consistent: true })).data;

/** V2 */
export const getMvpVersion = async (mvpId: string, versionId: string) =>
  (await MvpVersionEntity.get({ mvp_id: mvpId, id: versionId }).go({ consistent: true })).data;

export type TransitionOutcome = 'applied' | 'skipped';

const outcomeOf = (result: TransactionResult): TransitionOutcome => {
  if (!result.canceled) return 'applied';
  // The MVP's status/file condition failed: it moved on, nothing to do.
  if (result.failed('mvp') === 'ConditionalCheckFailed') return 'skipped';
  throw new TransientError(
    `The status transaction was cancelled (${JSON.stringify(result.codes)}).`,
  );
};

export interface PublishWrite {
  mvp: MvpItem;
  versionId: string;
  fileKey: string;
  cid: string;
  /** `approved` publishes; `pending_review` records the CID and waits for an admin. */
  to: 'approved' | 'pending_review';
  notification?: NotificationInput;
  now: string;
}

/** M5 pending_review → approved (or the CID only, in moderation mode) + V: the version's CID. */
export const writePublish = async (input: PublishWrite): Promise<TransitionOutcome> => {
  const { mvp, cid, now } = input;
  const previous = mvp.ipfs_hash && mvp.ipfs_hash !== cid ? mvp.ipfs_hash : mvp.previous_ipfs_hash;
  const result = await transactWrite({
    mvp: MvpEntity.patch({ id: mvp.id })
      .set({
        status: input.to,
        ipfs_hash: cid,
        ...(previous ? { previous_ipfs_hash: previous } : {}),
        // The first publication date stays: later versions do not make a template "new".
        ...(input.to === 'approved' ? { published_at: mvp.published_at ?? now } : {}),
        updated_at: now,
      })
      .remove(['last_processing_error'])
      .where(
        (attr, op) =>
          `${op.eq(attr.status, 'pending_review')} AND ${op.eq(attr.file_key, input.fileKey)}`,
      ),
    version: MvpVersionEntity.patch({ mvp_id: mvp.id, id: input.versionId }).set({
      ipfs_hash: cid,
    }),
    // Moderation mode keeps pending_review: no status move, nothing to count.
    statusCounter: mvpStatusCounterWrites('pending_review', input.to, now),
    catalog:
      input.to === 'approved' &&
      CatalogVersionEntity.update({ name: 'catalog' })
        .add({ version: 1, approved_count: 1 })
        .set({ updated_at: now }),
    notification: input.notification && notificationWrites(input.notification, now),
  });
  return outcomeOf(result);
};

export interface FailureWrite {
  mvp: MvpItem;
  fileKey: string;
  to: 'scan_failed' | 'ipfs_pin_failed';
  error: string;
  notification: NotificationInput;
  now: string;
}

/** M5 pending_review → scan_failed | ipfs_pin_failed, with the reason and the seller notified. */
export const writeFailure = async (input: FailureWrite): Promise<TransitionOutcome> => {
  const result = await transactWrite({
    mvp: MvpEntity.patch({ id: input.mvp.id })
      .set({ status: input.to, last_processing_error: input.error, updated_at: input.now })
      .where(
        (attr, op) =>
          `${op.eq(attr.status, 'pending_review')} AND ${op.eq(attr.file_key, input.fileKey)}`,
      ),
    statusCounter: mvpStatusCounterWrites('pending_review', input.to, input.now),
    notification: notificationWrites(input.notification, input.now),
  });
  return outcomeOf(result);
};
