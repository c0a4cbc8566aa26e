/**
 * Status transitions that other domains drive (the templates domain writes
 * them, the callers decide when):
 * - the processing pipeline publishes a clean bundle or records why it failed.
 * (An admin's approve and reject are in moderation.ts.)
 *
 * A template that was never live: processing results are conditioned on `status = pending_review
 * AND file_key = :fileKey`. A new version of a live template (versions.ts): on the template still
 * pointing at that version, and the version still processing. Either way a retried task, a
 * duplicate execution, or an execution overtaken by a newer upload or a withdrawal finds the
 * condition false and changes nothing ('skipped').
 */
import { notificationWrites, type NotificationInput } from '../notifications/service';
import type { TemplateStatus } from '../../contract/catalog';
import {
  TransactionRefusedError,
  getTemplateById,
  rate,
  writeTemplate,
  type TemplateItem,
} from './repo';
import { failPendingVersion, processingPendingVersion, publishPendingVersion } from './versions';

export type TransitionOutcome = 'applied' | 'skipped';

/** A refused template transaction (`item` names what failed); retried by callers on a conflict. */
export { TransactionRefusedError };

export { getTemplateForProcessing } from './processing-read';

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

const stillProcessing = (
  template: TemplateItem | null,
  fileKey: string,
): template is TemplateItem =>
  template !== null && template.status === 'pending_review' && template.file_key === fileKey;

export interface PublishInput {
  mvpId: string;
  versionId: string;
  fileKey: string;
  cid: string;
  /** Moderation mode records the CID and keeps pending_review for an admin. */
  moderate: boolean;
  /** The seller's notification once published (not in moderation mode), naming the version. */
  notification: (template: TemplateItem, versionNumber: string) => NotificationInput;
  now: string;
}

/**
 * M5 pending_review → approved (the first publication date kept, the previous CID remembered,
 * the version's CID recorded, the catalog moved, the seller notified), or the CID only in
 * moderation mode.
 */
export const publishProcessedVersion = async (input: PublishInput): Promise<TransitionOutcome> => {
  const template = await getTemplateById(input.mvpId);
  if (template?.pending_version_id === input.versionId) {
    const version = await processingPendingVersion(template, input.versionId, input.fileKey);
    if (!version) return 'skipped';
    return publishPendingVersion({
      template,
      version,
      cid: input.cid,
      moderate: input.moderate,
      notification: input.notification(template, version.version_number),
      now: input.now,
    });
  }
  if (!stillProcessing(template, input.fileKey)) return 'skipped';
  const to: TemplateStatus = input.moderate ? 'pending_review' : 'approved';
  const previous =
    template.ipfs_hash && template.ipfs_hash !== input.cid
      ? template.ipfs_hash
      : template.previous_ipfs_hash;
  return writeTemplate({
    mvpId: template.id,
    fromStatus: 'pending_review',
    fileKey: input.fileKey,
    set: {
      status: to,
      ipfs_hash: input.cid,
      ...(previous ? { previous_ipfs_hash: previous } : {}),
      // The first publication date stays: later versions do not make a template "new".
      ...(to === 'approved' ? { published_at: template.published_at ?? input.now } : {}),
      updated_at: input.now,
    },
    remove: ['last_processing_error'],
    version: {
      patch: {
        id: input.versionId,
        set: {
          ipfs_hash: input.cid,
          status: to,
          ...(to === 'approved' ? { decided_at: input.now } : {}),
        },
      },
    },
    extra: input.moderate
      ? []
      : notificationWrites(input.notification(template, template.version_number), input.now),
    now: input.now,
  }).then(() => 'applied' as const, skippedOnMove);
};

/** A failure notice of a new version, ending with the live version that stays (within 1,000). */
const withLiveNote = (message: string, live: string): string => {
  const note = ` The live version ${live} stays published.`;
  return message.length + note.length > 1_000
    ? `${message.slice(0, 1_000 - note.length - 3)}...${note}`
    : `${message}${note}`;
};

export interface FailureInput {
  mvpId: string;
  versionId: string;
  fileKey: string;
  to: 'scan_failed' | 'ipfs_pin_failed';
  /** The reason shown to the seller (`last_processing_error`). */
  error: string;
  notification: (template: TemplateItem, versionNumber: string) => NotificationInput;
  now: string;
}

/**
 * M5 pending_review → scan_failed | ipfs_pin_failed, with the reason and the seller notified; for
 * a new version of a live template, only that version stops (the live one stays listed).
 */
export const failProcessedVersion = async (input: FailureInput): Promise<TransitionOutcome> => {
  const template = await getTemplateById(input.mvpId);
  if (template?.pending_version_id === input.versionId) {
    const version = await processingPendingVersion(template, input.versionId, input.fileKey);
    if (!version) return 'skipped';
    const told = input.notification(template, version.version_number);
    return failPendingVersion({
      template,
      version,
      to: input.to,
      error: input.error,
      // The seller must not fear the template went offline: say the live version stays.
      notification: { ...told, message: withLiveNote(told.message, template.version_number) },
      now: input.now,
    });
  }
  if (!stillProcessing(template, input.fileKey)) return 'skipped';
  return writeTemplate({
    mvpId: template.id,
    fromStatus: 'pending_review',
    fileKey: input.fileKey,
    set: { status: input.to, last_processing_error: input.error, updated_at: input.now },
    version: { patch: { id: input.versionId, set: { status: input.to, error: input.error } } },
    extra: notificationWrites(input.notification(template, template.version_number), input.now),
    now: input.now,
  }).then(() => 'applied' as const, skippedOnMove);
};

/**
 * M14 as a transaction item, for the domain that records a review: the exact rating sum and
 * count move by the review's delta (ADD never loses a concurrent review).
 */
export const rateWrite = (templateId: string, sumDelta: number, countDelta: number) =>
  rate(templateId, sumDelta, countDelta);
