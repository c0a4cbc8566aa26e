/**
 * The admin's moderation queue: templates, new versions of live templates and held edits waiting
 * for a decision (moderation.ts decides), oldest first, with the exact counts.
 */
import { getUserContacts, type UserContact } from '../profiles/admin-lookups';
import {
  PENDING_TEMPLATE_LIST_LIMIT,
  PENDING_TEMPLATE_STATUSES,
  type PendingTemplate,
  type PendingTemplateFilter,
  type PendingTemplateList,
  type PendingTemplateStatus,
} from '../../contract/admin-templates';
import { previewUrl, type TemplateStatus } from '../../contract/catalog';
import { countChangesInReview, listHeldEdits } from './held-edit-repo';
import {
  getCurrentVersion,
  getTemplateById,
  getStatusCounts,
  listTemplatesByStatus,
  listVersionsByStatus,
  type TemplateItem,
} from './repo';
import { changedFields, withHeldEdit } from './view';

export const isPending = (status: TemplateStatus): status is PendingTemplateStatus =>
  (PENDING_TEMPLATE_STATUSES as readonly TemplateStatus[]).includes(status);

const toPendingTemplate = (
  item: TemplateItem,
  seller: UserContact | undefined,
): PendingTemplate => ({
  id: item.id,
  title: item.title,
  tagline: item.tagline,
  category: item.category,
  tech_stack: item.tech_stack,
  status: item.status as PendingTemplateStatus,
  version_number: item.version_number,
  access_tier: item.access_tier,
  price: item.price ?? null,
  preview_images: item.preview_image_keys.map(previewUrl),
  last_processing_error: item.last_processing_error ?? null,
  submittedAt: item.updated_at,
  live_version_number: null,
  version_id: null,
  edit_fields: null,
  edit_at: null,
  created_at: item.created_at,
  seller_id: item.seller_id,
  sellerEmail: seller?.email ?? null,
  sellerUsername: seller?.username ?? null,
  sellerDisplayName: seller?.display_name ?? null,
});

/**
 * New versions of live templates waiting for an admin (V3), each as its template's row: the
 * version's number, the live one beside it. Only versions still pending on their template count
 * (a GSI lags behind a withdrawal or a decision).
 */
const versionsInReview = async (
  limit: number,
): Promise<{ item: TemplateItem; row: PendingTemplate }[]> => {
  const versions = await listVersionsByStatus('pending_review', limit);
  const templates = await Promise.all(versions.map((version) => getTemplateById(version.mvp_id)));
  return versions.flatMap((version, index) => {
    const item = templates[index];
    if (!item || item.status !== 'approved' || item.pending_version_id !== version.id) return [];
    const row: PendingTemplate = {
      ...toPendingTemplate(item, undefined),
      status: 'pending_review',
      version_number: version.version_number,
      last_processing_error: null,
      submittedAt: item.pending_version?.at ?? version.uploaded_at,
      live_version_number: item.version_number,
      version_id: version.id,
    };
    return [{ item, row }];
  });
};

/**
 * Held edits of live templates waiting for an admin (M15), each as its template's row showing the
 * template as the edit would make it. Only edits still held on their template with the same stamp
 * count (a GSI lags behind a newer edit or a decision).
 */
const editsInReview = async (
  limit: number,
): Promise<{ item: TemplateItem; row: PendingTemplate }[]> => {
  const held = await listHeldEdits(limit);
  const templates = await Promise.all(held.map((edit) => getTemplateById(edit.mvp_id)));
  return held.flatMap((edit, index) => {
    const item = templates[index];
    if (!item || !waitingEdit(item) || item.pending_edit!.at !== edit.at) return [];
    const row: PendingTemplate = {
      ...toPendingTemplate(withHeldEdit(item), undefined),
      status: 'pending_review',
      last_processing_error: null,
      submittedAt: edit.at,
      edit_fields: changedFields(item),
      edit_at: edit.at,
    };
    return [{ item, row }];
  });
};

/** Whether a live template's edit waits for an admin. */
export const waitingEdit = (template: TemplateItem): boolean =>
  template.status === 'approved' &&
  template.pending_edit_status === 'pending_review' &&
  !!template.pending_edit;

/**
 * The oldest `limit` templates over `statuses` (M9: one query per status, merged), with the new
 * versions and held edits of live templates in review among them, and their sellers.
 */
const oldestPending = async (
  statuses: readonly PendingTemplateStatus[],
  limit: number,
): Promise<PendingTemplate[]> => {
  const [lists, versions, edits] = await Promise.all([
    Promise.all(statuses.map((status) => listTemplatesByStatus(status, limit))),
    statuses.includes('pending_review') ? versionsInReview(limit) : Promise.resolve([]),
    statuses.includes('pending_review') ? editsInReview(limit) : Promise.resolve([]),
  ]);
  // One row per template: a version in review is decided first, its held edit after it.
  const withVersion = new Set(versions.map(({ item }) => item.id));
  const editRows = edits.filter(({ item }) => !withVersion.has(item.id));
  const rows = [
    ...lists
      .flat()
      // A GSI lags: an item may still be listed under a status it just left.
      .filter((item) => isPending(item.status))
      .map((item) => ({ item, row: toPendingTemplate(item, undefined) })),
    ...versions,
    ...editRows,
  ]
    .sort(
      (a, b) =>
        a.row.submittedAt.localeCompare(b.row.submittedAt) || a.row.id.localeCompare(b.row.id),
    )
    .slice(0, limit);
  const [sellers, versionIds] = await Promise.all([
    getUserContacts(rows.map(({ item }) => item.seller_id)),
    // A template never live decides the version of its own bundle.
    Promise.all(
      rows.map(
        async ({ item, row }) =>
          row.version_id ?? (row.edit_at ? null : ((await getCurrentVersion(item))?.id ?? null)),
      ),
    ),
  ]);
  return rows.map(({ item, row }, index) => {
    const seller = sellers.get(item.seller_id);
    return {
      ...row,
      version_id: versionIds[index] ?? null,
      sellerEmail: seller?.email ?? null,
      sellerUsername: seller?.username ?? null,
      sellerDisplayName: seller?.display_name ?? null,
    };
  });
};

/**
 * New versions and held edits of live templates waiting for an admin (V3 and M15 counted): they
 * have no status counter, since their template stays approved. Each is a decision to make, so a
 * template with both counts twice (its row shows the version first).
 */
export const countPendingChanges = async (): Promise<number> => {
  const { edits, versions } = await countChangesInReview();
  return edits + versions;
};

/** `GET /api/admin/mvps?status=`: the oldest pending templates, with the exact counts (M12). */
export const listPendingTemplates = async (
  filter: PendingTemplateFilter,
): Promise<PendingTemplateList> => {
  const statuses = filter === 'pending' ? PENDING_TEMPLATE_STATUSES : [filter];
  const [items, counts, changes] = await Promise.all([
    oldestPending(statuses, PENDING_TEMPLATE_LIST_LIMIT),
    getStatusCounts(),
    countPendingChanges(),
  ]);
  return {
    items,
    counts: {
      pending_review: (counts.pending_review ?? 0) + changes,
      scan_failed: counts.scan_failed ?? 0,
      ipfs_pin_failed: counts.ipfs_pin_failed ?? 0,
    },
  };
};

/** The overview's first pending templates (the oldest `limit`). */
export const listOldestPendingTemplates = (limit: number): Promise<PendingTemplate[]> =>
  oldestPending(PENDING_TEMPLATE_STATUSES, limit);

/** K4 for the overview: every status bucket of the `mvps` counter (absent buckets are 0). */
export const getTemplateStatusCounts = (): Promise<Record<string, number>> => getStatusCounts();
