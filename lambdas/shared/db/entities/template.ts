/**
 * MVP (template): one item per template.
 *
 * - byId (table):     pk `$marketplace#id_{id}`              → detail, edit, processing steps
 * - bySeller (gsi1):  pk `seller_id`, sk `created_at`         → My MVPs, seller dashboard, public
 *   seller page (filtered to approved)
 * - byStatus (gsi2):  pk `status`, sk `updated_at`            → the approved catalog (loaded by the
 *   browse cache), the admin moderation queue (pending_review, scan_failed, ipfs_pin_failed)
 * - bySlug (gsi3):    pk `slug`                               → lookup by slug
 *
 * The template item carries its LIVE version (`version_number`, `file_key`, `ipfs_hash`, ...):
 * catalog, downloads and deploys read those. A newer version of a live template waits in its own
 * MvpVersion item, summarised here as `pending_version`, until it is approved.
 *
 * The version history is not embedded: each version is an MvpVersion item (template-version.ts), so the
 * template item stays small however many versions it gets (docs/data-model.md, section 3.3).
 */
import type { CardBuild } from '../../../../contract/catalog';
import type { GithubSyncFailure } from '../../../../contract/github-sync-failure';
import type { Severity } from '../../../../contract/security';
import type {
  PendingVersionSummary,
  TemplateFields,
  TemplateOptionalFields,
} from '../../../../contract/templates';

/** Held edits of a live template: what approval sets and removes, and the rejection reason. */
export interface PendingEdit {
  set: Record<string, unknown>;
  remove: string[];
  reason?: string;
  at: string;
}
import { defineEntity } from '../entity';

/** A version's build on the template item (`live_build`, `next_build`). */
export interface LiveBuildMark {
  /** The file of the version built: the template serves that version while it is its own. */
  file_key: string;
  outcome: CardBuild['outcome'];
  package_manager?: NonNullable<CardBuild['package_manager']>;
}

/** A field the API gives as `null` when unset is absent on the item. */
type StoredWhenSet<Fields> = { [Key in keyof Fields]?: Exclude<Fields[Key], null> };

/**
 * The stored template: the contract's fields (`TemplateFields`, `TemplateOptionalFields`, the
 * same ones the seller's view `ManagedMvp` is made of) and what only the item keeps.
 */
export interface TemplateItem extends TemplateFields, StoredWhenSet<TemplateOptionalFields> {
  file_key?: string;
  /** Object keys in the preview-images bucket; the API turns them into same-origin URLs. */
  preview_image_keys: string[];
  /**
   * The preview keys whose WebP renditions exist (processing/renditions.ts writes them beside the
   * original; docs/architecture.md, "Preview renditions"). A key here that is not in
   * `preview_image_keys` any more is ignored.
   */
  preview_rendition_keys?: string[];
  /**
   * Sum and count of ratings, kept exact under concurrent reviews with ADD in the review
   * transaction; the average is derived by readers (a transaction cannot divide).
   */
  rating_sum: number;
  rating_count: number;
  /**
   * A newer version of a live template on its way (processing, in review, or stopped with a
   * reason): what My MVPs and the edit page show beside the live version. The live fields above
   * stay untouched until it is approved; `pending_version_id` is what that switch is conditioned on.
   */
  pending_version?: PendingVersionSummary;
  pending_version_id?: string;
  /**
   * Edits of a live template held for an admin (PUBLISH_MODE=moderate): the writes the approval
   * applies. `pending_edit_status` says whether it waits or was rejected; a waiting one also has a
   * HeldEdit item (held-edit.ts), which the admin queue finds it by.
   */
  pending_edit?: PendingEdit;
  pending_edit_status?: 'pending_review' | 'rejected';
  /**
   * The live version's worst known vulnerability (the security domain's report), absent when it
   * has none or was not checked: what the card's badge is made from, written only by
   * templates/security-severity.ts.
   */
  security_severity?: Severity;
  /**
   * The live version's build as its card shows it (outcome, package manager), and the build of
   * the version on its way (`next_build`), each with the file of the version it is of: the card
   * shows the one whose `file_key` is the template's own, so a version's build shows the moment
   * it goes live, and neither shows while its version is not. Written only by
   * templates/live-build.ts (the pipeline's RecordBuild).
   */
  live_build?: LiveBuildMark;
  next_build?: LiveBuildMark;
  last_synced_github_commit_sha?: string;
  /** The last GitHub sync's failure, until a sync succeeds (templates/repo.ts `setSyncFailure`). */
  github_sync_failure?: GithubSyncFailure;
  github_repo_owner?: string;
  github_repo_name?: string;
  github_webhook_secret?: string;
}

export const TemplateEntity = defineEntity<TemplateItem>()({
  entity: 'mvp',
  version: '1',
  defaults: {
    licensing_terms: 'standard_commercial',
    status: 'pending_review',
    version_number: '1.0.0',
    access_tier: 'subscription',
    download_count: 0,
    rating_sum: 0,
    rating_count: 0,
  },
  indexes: {
    byId: { pk: ['id'], sk: [] },
    bySeller: { index: 'gsi1', pk: ['seller_id'], sk: ['created_at'] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['updated_at'] },
    bySlug: { index: 'gsi3', pk: ['slug'], sk: [] },
  },
});
