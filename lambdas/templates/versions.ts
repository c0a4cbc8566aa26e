/**
 * Versions of a LIVE template: a newer version is registered, scanned, pinned and reviewed on its
 * own MvpVersion item while the template item keeps serving the live one (catalog, page,
 * downloads and deploys read only the template's live fields). The live version switches in one
 * transaction with the catalog version, conditioned on the pending version still being the one
 * decided on; a failure, a rejection or a withdrawal marks only that version.
 *
 * A template that was never live (its first version still processing, failed or rejected) keeps
 * the older rule in service.ts: the whole template goes back to pending_review.
 *
 * Every write here goes through repo.ts `writePendingVersion`: the templates domain is the one writer of a template and its versions.
 */
import type { NotificationInput } from '../notifications/service';
import { notificationWrites } from '../notifications/service';
// From template-versions, which templates.ts re-exports: templates.ts builds the upload and edit
// schemas, which the processing and GitHub steps importing this module do not need.
import {
  IN_PROGRESS_VERSION_STATUSES,
  RETRYABLE_VERSION_STATUSES,
  VERSION_MESSAGES,
  WITHDRAWABLE_VERSION_STATUSES,
  isPublishedVersion,
  versionNumberProblem,
  type PendingVersionSummary,
  type VersionStatus,
} from '../../contract/template-versions';
import type { TransactionWrite } from '../shared/db/transaction';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import {
  TransactionRefusedError,
  getVersion,
  listVersions,
  writePendingVersion,
  type TemplateItem,
  type TemplateVersionItem,
} from './repo';

/** A template is live while it is approved: its own fields are what buyers get. */
export const isLive = (template: TemplateItem): boolean => template.status === 'approved';

/** Whether a version row was ever live (rows from before versions had a status: up to the live one). */
export const wasLive = (version: TemplateVersionItem, liveNumber: string): boolean =>
  isPublishedVersion(version, liveNumber);

const summaryOf = (
  version: Pick<TemplateVersionItem, 'id' | 'version_number'>,
  status: VersionStatus,
  at: string,
  error?: string,
): PendingVersionSummary => ({
  id: version.id,
  version_number: version.version_number,
  status,
  ...(error ? { error } : {}),
  at,
});

/**
 * The version number rule, shared with the browser's form (`versionNumberProblem`): a new version
 * of a live template is greater than the live one and unique among the versions that were live or
 * are on their way (a failed, rejected or withdrawn number may be used again, fixed). A template
 * that was never live has nothing to compare with.
 */
export const assertVersionNumber = async (
  template: TemplateItem,
  candidate: string,
): Promise<void> => {
  if (!isLive(template)) return;
  const versions = await listVersions(template.id);
  const taken = versions
    .filter(
      (version) =>
        wasLive(version, template.version_number) ||
        (version.status !== undefined && IN_PROGRESS_VERSION_STATUSES.includes(version.status)),
    )
    .map((version) => version.version_number);
  const problem = versionNumberProblem(candidate, template.version_number, taken);
  if (problem) throw new ValidationError(problem, { version_number: problem });
};

const conflictOnMove = (error: unknown): never => {
  if (error instanceof TransactionRefusedError) {
    throw new ConflictError('This MVP was changed meanwhile. Please reload and try again.');
  }
  throw error;
};

export interface NewLiveVersion {
  version: TemplateVersionItem;
  /** Template fields written with it (an edit that also replaced the file). */
  set?: Partial<TemplateItem>;
  remove?: (keyof TemplateItem & string)[];
  /** A GitHub sync replaces a version still on its way (the newest commit wins). */
  supersede?: boolean;
  /** Whether `set` changes what buyers see (default: when there is a `set`). */
  catalogChanged?: boolean;
}

/**
 * V4: a new version of a live template. Its row starts in `processing`, the template gets its
 * summary, and nothing a buyer sees moves (unless the edit changed the card's fields too, which
 * then bumps the catalog). Refused with a 409 while another version is still on its way, unless
 * `supersede`, which withdraws that one in the same transaction.
 */
export const registerLiveVersion = async (
  template: TemplateItem,
  input: NewLiveVersion,
): Promise<TemplateItem> => {
  const now = input.version.uploaded_at;
  const pending = template.pending_version;
  const inProgress = pending !== undefined && IN_PROGRESS_VERSION_STATUSES.includes(pending.status);
  if (inProgress && !input.supersede) {
    throw new ConflictError(VERSION_MESSAGES.inReview(pending.version_number));
  }
  const set: Partial<TemplateItem> = {
    ...input.set,
    pending_version: summaryOf(input.version, 'processing', now),
    pending_version_id: input.version.id,
  };
  await writePendingVersion({
    mvpId: template.id,
    expectPending: template.pending_version_id ?? null,
    set,
    remove: input.remove,
    versions: [
      { create: { ...input.version, status: 'processing' } },
      ...(inProgress
        ? [
            {
              patch: {
                id: pending.id,
                from: pending.status,
                set: { status: 'withdrawn' as const, decided_at: now },
              },
            },
          ]
        : []),
    ],
    catalogChanged: input.catalogChanged ?? input.set !== undefined,
    now,
  });
  const updated = { ...template, ...set } as TemplateItem;
  for (const name of input.remove ?? []) delete updated[name];
  return updated;
};

/** The pending version as stored, if `versionId` is still the template's pending one. */
const loadPending = async (
  template: TemplateItem,
  versionId: string,
): Promise<TemplateVersionItem | null> => {
  if (template.pending_version_id !== versionId) return null;
  return getVersion(template.id, versionId);
};

export interface GoLiveInput {
  template: TemplateItem;
  version: TemplateVersionItem;
  /** The CID computed by the pipeline (the admin's approval uses the one it recorded). */
  cid?: string;
  notification: NotificationInput;
  audit?: TransactionWrite;
  now: string;
}

/**
 * The live switch: the template's live fields become the version's, the version is approved and
 * the catalog version moves, all in one transaction conditioned on the version still being the
 * pending one (and in the status read). Returns the template as written.
 */
export const switchLive = async (input: GoLiveInput): Promise<TemplateItem> => {
  const { template, version, now } = input;
  const cid = input.cid ?? version.ipfs_hash;
  const set: Partial<TemplateItem> = {
    version_number: version.version_number,
    file_key: version.file_key,
    file_size: version.file_size,
    ...(version.original_file_name ? { original_file_name: version.original_file_name } : {}),
    ...(version.changelog ? { changelog: version.changelog } : {}),
    ...(cid ? { ipfs_hash: cid } : {}),
    ...(template.ipfs_hash && template.ipfs_hash !== cid
      ? { previous_ipfs_hash: template.ipfs_hash }
      : {}),
    updated_at: now,
  };
  const remove: (keyof TemplateItem & string)[] = [
    'pending_version',
    'pending_version_id',
    'last_processing_error',
    ...(version.changelog ? [] : (['changelog'] as const)),
    ...(cid ? [] : (['ipfs_hash'] as const)),
  ];
  await writePendingVersion({
    mvpId: template.id,
    expectPending: version.id,
    set,
    remove,
    versions: [
      {
        patch: {
          id: version.id,
          from: version.status ?? null,
          set: {
            status: 'approved',
            decided_at: now,
            ...(cid ? { ipfs_hash: cid } : {}),
          },
        },
      },
    ],
    catalogChanged: true,
    extra: notificationWrites(input.notification, now),
    audit: input.audit,
    now,
  });
  const updated = { ...template, ...set } as TemplateItem;
  for (const name of remove) delete updated[name];
  return updated;
};

/** One status move of the pending version (the template keeps its summary in step). */
const movePending = async (input: {
  template: TemplateItem;
  version: TemplateVersionItem;
  to: VersionStatus;
  error?: string;
  versionSet?: Partial<TemplateVersionItem>;
  notification?: NotificationInput;
  audit?: TransactionWrite;
  now: string;
}): Promise<TemplateItem> => {
  const { template, version, to, now } = input;
  const leaves = to === 'withdrawn';
  const set: Partial<TemplateItem> = leaves
    ? {}
    : { pending_version: summaryOf(version, to, now, input.error) };
  const remove: (keyof TemplateItem & string)[] = leaves
    ? ['pending_version', 'pending_version_id']
    : [];
  await writePendingVersion({
    mvpId: template.id,
    expectPending: version.id,
    set,
    remove,
    versions: [
      {
        patch: {
          id: version.id,
          from: version.status ?? null,
          set: {
            ...input.versionSet,
            status: to,
            ...(input.error ? { error: input.error } : {}),
            ...(['approved', 'rejected', 'withdrawn'].includes(to) ? { decided_at: now } : {}),
          },
        },
      },
    ],
    extra: input.notification ? notificationWrites(input.notification, now) : [],
    audit: input.audit,
    now,
  });
  const updated = { ...template, ...set } as TemplateItem;
  for (const name of remove) delete updated[name];
  return updated;
};

export type PendingOutcome = 'applied' | 'skipped';

const skippedOnMove = (error: unknown): PendingOutcome => {
  if (error instanceof TransactionRefusedError && error.code === 'ConditionalCheckFailed') {
    return 'skipped';
  }
  throw error;
};

/**
 * The pending version this processing run works on, or null when the run is stale (the version
 * was withdrawn or superseded, or is not processing this file any more).
 */
export const processingPendingVersion = async (
  template: TemplateItem,
  versionId: string,
  fileKey: string,
): Promise<TemplateVersionItem | null> => {
  const version = await loadPending(template, versionId);
  if (!version || version.status !== 'processing' || version.file_key !== fileKey) return null;
  return version;
};

/**
 * The pipeline's clean result for a pending version: live at once, or (moderation) its CID
 * recorded and the version waiting in the admin queue.
 */
export const publishPendingVersion = async (input: {
  template: TemplateItem;
  version: TemplateVersionItem;
  cid: string;
  moderate: boolean;
  notification: NotificationInput;
  now: string;
}): Promise<PendingOutcome> => {
  if (input.moderate) {
    return movePending({
      template: input.template,
      version: input.version,
      to: 'pending_review',
      versionSet: { ipfs_hash: input.cid },
      now: input.now,
    }).then(() => 'applied' as const, skippedOnMove);
  }
  return switchLive(input).then(() => 'applied' as const, skippedOnMove);
};

/** The pipeline's failure for a pending version: only the version stops, with its reason. */
export const failPendingVersion = (input: {
  template: TemplateItem;
  version: TemplateVersionItem;
  to: 'scan_failed' | 'ipfs_pin_failed';
  error: string;
  notification?: NotificationInput;
  now: string;
}): Promise<PendingOutcome> => movePending(input).then(() => 'applied' as const, skippedOnMove);

/** An admin's rejection of a pending version in review: the live version stays. */
export const rejectPendingVersion = (input: {
  template: TemplateItem;
  version: TemplateVersionItem;
  reason: string;
  notification: NotificationInput;
  audit: TransactionWrite;
  now: string;
}): Promise<TemplateItem> => movePending({ ...input, to: 'rejected', error: input.reason });

/** The pending version of a template, when it is `versionId` (404 otherwise). */
const pendingOr404 = async (
  template: TemplateItem,
  versionId: string,
): Promise<TemplateVersionItem> => {
  const version = await loadPending(template, versionId);
  if (!version) throw new NotFoundError(VERSION_MESSAGES.versionNotFound);
  return version;
};

/** Moves the pending version now; a move that lost a race is a 409 in words (conflictOnMove). */
const movePendingNow = async (
  template: TemplateItem,
  version: TemplateVersionItem,
  to: 'withdrawn' | 'processing',
): Promise<{ template: TemplateItem; version: TemplateVersionItem }> => ({
  template: await movePending({ template, version, to, now: new Date().toISOString() }).catch(
    conflictOnMove,
  ),
  version,
});

/** The seller withdraws a version that is not live yet; the live version stays as it is. */
export const withdrawPendingVersion = async (
  template: TemplateItem,
  versionId: string,
): Promise<{ template: TemplateItem; version: TemplateVersionItem }> => {
  const version = await pendingOr404(template, versionId);
  if (!version.status || !WITHDRAWABLE_VERSION_STATUSES.includes(version.status)) {
    throw new ConflictError(VERSION_MESSAGES.notWithdrawable);
  }
  return movePendingNow(template, version, 'withdrawn');
};

/** Retry of a failed pending version: back to processing (the caller starts the pipeline). */
export const retryPendingVersion = async (
  template: TemplateItem,
): Promise<{ template: TemplateItem; version: TemplateVersionItem } | null> => {
  const pending = template.pending_version;
  if (!pending || !RETRYABLE_VERSION_STATUSES.includes(pending.status)) return null;
  const version = await pendingOr404(template, pending.id);
  return movePendingNow(template, version, 'processing');
};

/** The pending version of a template when it waits for an admin (the moderation queue's case). */
export const pendingInReview = async (
  template: TemplateItem,
): Promise<TemplateVersionItem | null> => {
  if (!isLive(template) || template.pending_version?.status !== 'pending_review') return null;
  const version = await loadPending(template, template.pending_version.id);
  return version?.status === 'pending_review' ? version : null;
};
