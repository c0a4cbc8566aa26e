/**
 * Template data access, the only writer of templates: one function per access
 * pattern of docs/data-model.md, section 3.3 (M1–M6, V1–V2) and section 3.17.
 *
 * Every write goes through `writeTemplate`, one transaction that carries, besides the template:
 * - the `mvps` status counter, moved by `statusCounterWrites` whenever the status moves, so the
 *   admin overview's counts stay exact without a scan;
 * - the catalog version, moved by `catalogVersionWrite` whenever the approved catalog changes, so
 *   every browse cache picks the change up;
 * - optionally a new version row and a notification.
 * Those two functions are the only places the counter and the catalog version are written.
 *
 * The held edits' items are held-edit-repo.ts; the GitHub repository links are link-repo.ts.
 */
import type { TemplateStatus } from '../../contract/catalog';
import type { GithubSyncFailure } from '../../contract/github-sync-failure';
import type { VersionStatus } from '../../contract/templates';
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { CounterEntity } from '../shared/db/entities/counter';
import { HeldEditEntity, type HeldEditItem } from '../shared/db/entities/held-edit';
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';
import {
  TemplateVersionEntity,
  type TemplateVersionItem,
} from '../shared/db/entities/template-version';
import { isConditionFailure, writtenUnlessRefused } from '../shared/db/model';
import { transactWrite, type TransactionWrite } from '../shared/db/transaction';
import { TransactionRefusedError } from '../shared/errors';
import { assertCommitted } from './committed';

export type { HeldEditItem, TemplateItem, TemplateVersionItem };
export { TransactionRefusedError };

// ---- reads -------------------------------------------------------------------------------

/** M1: a template by id, strongly consistent (edits and transitions follow our own writes). */
export const getTemplateById = async (id: string): Promise<TemplateItem | null> => {
  const { data } = await TemplateEntity.get({ id }).go({ consistent: true });
  return data;
};

/** M6: the seller's templates, newest first (all pages: a seller has tens, not thousands). */
export const listTemplatesBySeller = async (sellerId: string): Promise<TemplateItem[]> => {
  const { data } = await TemplateEntity.query
    .bySeller({ seller_id: sellerId })
    .go({ order: 'desc', pages: 'all' });
  return data;
};

/** V1 (first item): the newest version of a template. */
export const getLatestVersion = async (templateId: string): Promise<TemplateVersionItem | null> => {
  const { data } = await TemplateVersionEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ order: 'desc', limit: 1 });
  return data[0] ?? null;
};

/** V2: one version of a template, strongly consistent. */
export const getVersion = async (
  templateId: string,
  versionId: string,
): Promise<TemplateVersionItem | null> => {
  const { data } = await TemplateVersionEntity.get({ mvp_id: templateId, id: versionId }).go({
    consistent: true,
  });
  return data;
};

/**
 * The version row of the bundle the template serves now: its live version, or the one waiting for
 * review before the template was ever live (null for an item without a bundle).
 */
export const getCurrentVersion = async (
  template: Pick<TemplateItem, 'id' | 'file_key'>,
): Promise<TemplateVersionItem | null> => {
  if (!template.file_key) return null;
  const versions = await listVersions(template.id);
  return versions.find((version) => version.file_key === template.file_key) ?? null;
};

/** V1 (all pages): every version of a template, oldest first (tens, not thousands). */
export const listVersions = async (templateId: string): Promise<TemplateVersionItem[]> => {
  const { data } = await TemplateVersionEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ order: 'asc', pages: 'all' });
  return data;
};

/**
 * V3 (gsi2): the oldest `limit` versions in one status (the admin queue's versions of live
 * templates waiting for review). Eventually consistent.
 */
export const listVersionsByStatus = async (
  status: VersionStatus,
  limit: number,
): Promise<TemplateVersionItem[]> => {
  const { data } = await TemplateVersionEntity.query
    .byStatus({ status })
    .go({ order: 'asc', limit });
  return data;
};

/**
 * M9 (gsi2): the oldest `limit` templates in one status, by when they entered it (`updated_at`):
 * the admin moderation queue. Eventually consistent, like every GSI read.
 */
export const listTemplatesByStatus = async (
  status: TemplateStatus,
  limit: number,
): Promise<TemplateItem[]> => {
  const { data } = await TemplateEntity.query.byStatus({ status }).go({ order: 'asc', limit });
  return data;
};

/** K4: every status bucket of the `mvps` counter (absent buckets are 0). */
export const getStatusCounts = async (): Promise<Record<string, number>> => {
  const { data } = await CounterEntity.query
    .byName({ name: 'mvps' })
    .go({ pages: 'all', attributes: ['bucket', 'value'] });
  return Object.fromEntries(data.map((item) => [item.bucket, item.value]));
};

// ---- the two derived writes ----------------------------------------------------------------

/**
 * The `mvps` counter items for a template entering `to` (from `from`, or newly created when `from`
 * is `null`). None when the status does not change: there is nothing to count, and a transaction
 * cannot name one item twice.
 */
export const statusCounterWrites = (
  from: TemplateStatus | null,
  to: TemplateStatus,
  now: string,
): TransactionWrite[] => {
  if (from === to) return [];
  const move = (bucket: TemplateStatus, value: number) =>
    CounterEntity.update({ name: 'mvps', bucket, shard: 0 })
      .add({ value })
      .set({ updated_at: now });
  return [...(from ? [move(from, -1)] : []), move(to, 1)];
};

/**
 * The catalog version move for a template going `from` → `to` (null: not in the catalog before),
 * or `null` when the approved catalog does not change. `approvedContentChanged` is true when an
 * approved template stays approved but what its card or page shows changed (an edit).
 */
export const catalogVersionWrite = (
  from: TemplateStatus | null,
  to: TemplateStatus,
  now: string,
  approvedContentChanged = false,
): TransactionWrite | null => {
  const delta = (to === 'approved' ? 1 : 0) - (from === 'approved' ? 1 : 0);
  if (delta === 0 && !(approvedContentChanged && to === 'approved')) return null;
  return CatalogVersionEntity.upsert({ name: 'catalog' })
    .add({ version: 1, approved_count: delta })
    .set({ updated_at: now });
};

// ---- writes ------------------------------------------------------------------------------

/**
 * M2: a new template with its first version and status counter, and the catalog move when it is
 * approved (`catalog: false` for a batch import that moves the catalog once at the end).
 */
export const createTemplate = async (
  template: TemplateItem,
  version: TemplateVersionItem,
  options: { catalog?: boolean; pastFigures?: boolean } = {},
): Promise<void> => {
  // An imported template brings its past downloads and ratings: the marketplace-wide totals
  // (K: `downloads`, `rating_sum`, `rating_count`, bucket `all`) take them in the same
  // transaction, once, as the template is created.
  const pastTotal = (name: 'downloads' | 'rating_sum' | 'rating_count', value: number) =>
    options.pastFigures === true &&
    value > 0 &&
    CounterEntity.update({ name, bucket: 'all', shard: 0 })
      .add({ value })
      .set({ updated_at: template.created_at });
  assertCommitted(
    await transactWrite({
      mvp: TemplateEntity.create(template),
      version: TemplateVersionEntity.create(version),
      statusCounter: statusCounterWrites(null, template.status, template.created_at),
      catalog:
        options.catalog !== false &&
        catalogVersionWrite(null, template.status, template.created_at),
      pastDownloads: pastTotal('downloads', template.download_count),
      pastRatingSum: pastTotal('rating_sum', template.rating_sum),
      pastRatingCount: pastTotal('rating_count', template.rating_count),
    }),
  );
};

export interface TemplateWrite {
  mvpId: string;
  /** The status read before; the write is refused (item `mvp`) if it moved meanwhile. */
  fromStatus: TemplateStatus;
  /** Only while the template still has this bundle (processing results must not overwrite a newer upload). */
  fileKey?: string;
  /** A GitHub sync: refused (item `mvp`) when this commit is already the last synced one (M3). */
  unlessSyncedSha?: string;
  set: Partial<TemplateItem>;
  remove?: (keyof TemplateItem & string)[];
  /** A version row written with the change (M3), or a version's CID (publish). */
  version?:
    { create: TemplateVersionItem } | { patch: { id: string; set: Partial<TemplateVersionItem> } };
  /** The approved template's card or page changed without leaving the catalog (edits). */
  approvedContentChanged?: boolean;
  /** Writes of another domain that commit with this one (a notification). */
  extra?: readonly TransactionWrite[];
  /** The admin action's audit entry (item `audit`), when an admin makes the change. */
  audit?: TransactionWrite;
  /**
   * The template's HeldEdit item written with it (item `heldEdit`): put when an edit is held,
   * deleted by a decision. Without one, a template leaving the catalog drops its held edit.
   */
  heldEdit?: TransactionWrite;
  now: string;
}

/**
 * M3, M4, M5: every change of an existing template, in one transaction with the version row, the
 * status counter and the catalog version as they apply. Conditioned on the status read before
 * (and on the bundle, when given), so retries and races never apply twice.
 */
export const writeTemplate = async (write: TemplateWrite): Promise<void> => {
  const to = write.set.status ?? write.fromStatus;
  const version = write.version;
  assertCommitted(
    await transactWrite({
      mvp: TemplateEntity.patch({ id: write.mvpId })
        .set(write.set)
        .remove(write.remove ?? [])
        .where((attr, op) =>
          [
            op.eq(attr.status, write.fromStatus),
            ...(write.fileKey === undefined ? [] : [op.eq(attr.file_key, write.fileKey)]),
            ...(write.unlessSyncedSha === undefined
              ? []
              : [
                  `(${op.notExists(attr.last_synced_github_commit_sha)} OR ${op.ne(attr.last_synced_github_commit_sha, write.unlessSyncedSha)})`,
                ]),
          ].join(' AND '),
        ),
      version:
        version &&
        ('create' in version
          ? TemplateVersionEntity.create(version.create)
          : TemplateVersionEntity.patch({ mvp_id: write.mvpId, id: version.patch.id }).set(
              version.patch.set,
            )),
      statusCounter: statusCounterWrites(write.fromStatus, to, write.now),
      catalog: catalogVersionWrite(write.fromStatus, to, write.now, write.approvedContentChanged),
      extra: write.extra,
      audit: write.audit,
      heldEdit:
        write.heldEdit ??
        (write.fromStatus === 'approved' &&
          to !== 'approved' &&
          HeldEditEntity.delete({ mvp_id: write.mvpId })),
    }),
  );
};

export interface PendingVersionWrite {
  mvpId: string;
  /**
   * The pending version the live template must still point at (`pending_version_id`), or `null`
   * for none: the write is refused (item `mvp`) when another version came or went meanwhile, and
   * always when the template is not live any more.
   */
  expectPending: string | null;
  set: Partial<TemplateItem>;
  remove?: (keyof TemplateItem & string)[];
  /** Version rows written with it: a new one, or status moves conditioned on the status read. */
  versions: (
    | { create: TemplateVersionItem }
    | { patch: { id: string; from: VersionStatus | null; set: Partial<TemplateVersionItem> } }
  )[];
  /** What buyers see changed (the live version switched, or an edit came with it). */
  catalogChanged?: boolean;
  extra?: readonly TransactionWrite[];
  audit?: TransactionWrite;
  now: string;
}

/**
 * V4: a newer version of a LIVE template moves (registered, processed, reviewed, withdrawn, or
 * switched live) in one transaction with its version rows. The template's status stays approved,
 * so the status counter never moves; the catalog version moves only when the live version switches.
 */
export const writePendingVersion = async (write: PendingVersionWrite): Promise<void> => {
  assertCommitted(
    await transactWrite({
      mvp: TemplateEntity.patch({ id: write.mvpId })
        .set(write.set)
        .remove(write.remove ?? [])
        .where((attr, op) =>
          [
            op.eq(attr.status, 'approved'),
            write.expectPending === null
              ? op.notExists(attr.pending_version_id)
              : op.eq(attr.pending_version_id, write.expectPending),
          ].join(' AND '),
        ),
      versions: write.versions.map((version) =>
        'create' in version
          ? TemplateVersionEntity.create(version.create)
          : TemplateVersionEntity.patch({ mvp_id: write.mvpId, id: version.patch.id })
              .set(version.patch.set)
              .where((attr, op) =>
                version.patch.from === null
                  ? op.notExists(attr.status)
                  : op.eq(attr.status, version.patch.from),
              ),
      ),
      catalog:
        write.catalogChanged === true &&
        catalogVersionWrite('approved', 'approved', write.now, true),
      extra: write.extra,
      audit: write.audit,
    }),
  );
};

/**
 * C2 on its own: tells every browse cache the approved catalog changed (a batch import moves it
 * once at the end). Template writes move it inside their own transaction instead. Returns the new
 * version.
 */
export const bumpCatalogVersion = async (
  approvedDelta = 0,
  now = new Date().toISOString(),
): Promise<number> => {
  const { data } = await CatalogVersionEntity.upsert({ name: 'catalog' })
    .add({ version: 1, approved_count: approvedDelta })
    .set({ updated_at: now })
    .go({ response: 'all_new' });
  return data.version;
};

/** M14: the template's exact rating sum and count (a transaction item of the reviews domain). */
export const rate = (templateId: string, sumDelta: number, countDelta: number) =>
  TemplateEntity.patch({ id: templateId }).add({ rating_sum: sumDelta, rating_count: countDelta });

/**
 * The failure of the template's last GitHub sync (My MVPs shows it), or its removal after a sync
 * that succeeded. Not a status change: no counter or catalog write goes with it. A template
 * deleted meanwhile is left alone.
 */
export const setSyncFailure = async (
  mvpId: string,
  failure: GithubSyncFailure | null,
): Promise<void> => {
  const patch = TemplateEntity.patch({ id: mvpId });
  const write = failure
    ? patch.set({ github_sync_failure: failure })
    : patch.remove(['github_sync_failure']);
  try {
    await write.go();
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
};

/**
 * M4b: a version's build on the template (the card's badge, templates/live-build.ts), conditioned
 * on what the caller read: the live version's (`live_build`) while the template still serves
 * `fileKey`, the version on its way's (`next_build`) while it is still the pending one. `stamp`:
 * the card changes (an approved template's live version), so `updated_at` moves and the browse
 * caches' change read (M8b) finds it; the caller bumps the catalog version. False when the
 * condition failed (the template moved on meanwhile).
 */
export const setBuildMark = async (input: {
  templateId: string;
  field: 'live_build' | 'next_build';
  mark: NonNullable<TemplateItem['live_build']>;
  /** The template's file (live) or its pending version's id (next), as read. */
  expected: string;
  stamp: string | null;
}): Promise<boolean> => {
  const set = input.stamp
    ? { [input.field]: input.mark, updated_at: input.stamp }
    : { [input.field]: input.mark };
  return writtenUnlessRefused(
    TemplateEntity.patch({ id: input.templateId })
      .set(set)
      .where((attr, op) =>
        input.field === 'live_build'
          ? op.eq(attr.file_key, input.expected)
          : op.eq(attr.pending_version_id, input.expected),
      ),
  );
};

/**
 * A template's gallery (or its held edit) written only while the live gallery is still the list
 * read before (item `mvp` refused otherwise): Add to gallery's write (captured-pictures.ts), so
 * two presses at once add one picture. The catalog moves for a live template's change, and a held
 * edit puts its HeldEdit item, as `writeTemplate` does.
 */
export const writeGallery = async (write: {
  template: TemplateItem;
  set: Partial<TemplateItem>;
  approvedContentChanged?: boolean;
  heldEdit?: TransactionWrite;
  now: string;
}): Promise<void> => {
  const { template } = write;
  assertCommitted(
    await transactWrite({
      mvp: TemplateEntity.patch({ id: template.id })
        .set(write.set)
        .where((attr, op) =>
          [
            op.eq(attr.status, template.status),
            op.eq(attr.preview_image_keys, [...template.preview_image_keys]),
          ].join(' AND '),
        ),
      catalog: catalogVersionWrite(
        template.status,
        template.status,
        write.now,
        write.approvedContentChanged,
      ),
      heldEdit: write.heldEdit,
    }),
  );
};
