/** The seller's view of templates: explicit allow-lists, never the stored item as it is. */
import { sellerFiguresOf } from '../../contract/seller-figures';
import { previewUrl } from '../../contract/catalog';
import { TEMPLATE_STATUSES, type TemplateStatus } from '../../contract/catalog';
import {
  isRetryable,
  type HeldEditValues,
  type ManagedTemplate,
  type MyTemplatesResult,
  type SellerStats,
} from '../../contract/templates';
import type { TemplateItem } from './repo';

const averageOf = (sum: number, count: number): number =>
  count === 0 ? 0 : Math.round((sum / count) * 100) / 100;

/** The form fields a held edit changes, named as the form names them. */
export const changedFields = (item: TemplateItem): string[] => {
  const edit = item.pending_edit;
  if (!edit) return [];
  const names = [...Object.keys(edit.set), ...edit.remove].filter((name) => {
    if (name === 'updated_at') return false;
    const before = (item as unknown as Record<string, unknown>)[name];
    const after = edit.set[name];
    return JSON.stringify(before) !== JSON.stringify(after);
  });
  return [
    ...new Set(names.map((name) => (name === 'preview_image_keys' ? 'preview_images' : name))),
  ];
};

/** The template as its held edit would make it (the item itself when none is held). */
export const withHeldEdit = (item: TemplateItem): TemplateItem => {
  const edit = item.pending_edit;
  if (!edit) return item;
  const applied = { ...item, ...(edit.set as Partial<TemplateItem>) };
  for (const name of edit.remove) delete (applied as Record<string, unknown>)[name];
  return applied;
};

const heldEditValues = (item: TemplateItem): HeldEditValues => {
  const held = withHeldEdit(item);
  return {
    title: held.title,
    tagline: held.tagline,
    description: held.description,
    category: held.category,
    features: held.features,
    tech_stack: held.tech_stack,
    demo_url: held.demo_url ?? null,
    github_url: held.github_url ?? null,
    stackblitz_link: held.stackblitz_link ?? null,
    licensing_terms: held.licensing_terms,
    access_tier: held.access_tier,
    price: held.price ?? null,
    preview_images: held.preview_image_keys.map(previewUrl),
  };
};

/** The owner's view of a template (never the webhook secret). */
export const toManagedTemplate = (item: TemplateItem): ManagedTemplate => ({
  id: item.id,
  seller_id: item.seller_id,
  title: item.title,
  slug: item.slug,
  tagline: item.tagline,
  description: item.description,
  features: item.features,
  tech_stack: item.tech_stack,
  category: item.category,
  status: item.status,
  version_number: item.version_number,
  changelog: item.changelog ?? null,
  ipfs_hash: item.ipfs_hash ?? null,
  previous_ipfs_hash: item.previous_ipfs_hash ?? null,
  file_size: item.file_size ?? null,
  original_file_name: item.original_file_name ?? null,
  preview_images: item.preview_image_keys.map(previewUrl),
  demo_url: item.demo_url ?? null,
  github_url: item.github_url ?? null,
  stackblitz_link: item.stackblitz_link ?? null,
  licensing_terms: item.licensing_terms,
  access_tier: item.access_tier,
  price: item.price ?? null,
  download_count: item.download_count,
  average_rating: averageOf(item.rating_sum, item.rating_count),
  last_processing_error: item.last_processing_error ?? null,
  published_at: item.published_at ?? null,
  pending_version: item.pending_version ?? null,
  retryable: isRetryable(item),
  pending_edit:
    item.pending_edit && item.pending_edit_status
      ? {
          status: item.pending_edit_status,
          changed: changedFields(item),
          values: heldEditValues(item),
          reason: item.pending_edit.reason ?? null,
          at: item.pending_edit.at,
        }
      : null,
  github:
    item.github_repo_owner && item.github_repo_name
      ? {
          owner: item.github_repo_owner,
          name: item.github_repo_name,
          last_synced_sha: item.last_synced_github_commit_sha ?? null,
          sync_failure: item.github_sync_failure ?? null,
        }
      : null,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

const emptyByStatus = (): Record<TemplateStatus, number> =>
  Object.fromEntries(TEMPLATE_STATUSES.map((status) => [status, 0])) as Record<
    TemplateStatus,
    number
  >;

/**
 * My MVPs: the templates (not archived) as cards, their counts by status, and the seller's figures
 * over all their templates, archived ones included (contract/seller-figures.ts).
 */
export const toMyTemplates = (items: readonly TemplateItem[]): MyTemplatesResult => {
  const listed = items.filter((item) => item.status !== 'archived');
  const stats: SellerStats = {
    total: listed.length,
    byStatus: emptyByStatus(),
    figures: sellerFiguresOf(items),
  };
  for (const item of listed) stats.byStatus[item.status] += 1;
  return { items: listed.map(toManagedTemplate), stats };
};
