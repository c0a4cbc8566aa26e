/**
 * Deployment (docs/data-model.md, section 3.11): one buyer's deployment of a template into their own
 * GitHub repository and Netlify site.
 *
 * - byId (table):         pk `id`                              → Y1 start, Y2 status poll, Y5/Y6 steps
 * - byUserAndMvp (gsi1):  pk `user_id`,`mvp_id`, sk `created_at` → Y3 latest for user and template
 * - byUser (gsi2):        pk `user_id`, sk `created_at`          → Y4 the user's deployments
 * - byMvp (gsi3):         pk `mvp_id`, sk `created_at`           → Y8 deployments of a template (a new
 *   approved version notifies their owners of the upgrade)
 *
 * The template's title, slug and first preview are copied in at start, so the list needs no join.
 */
import type { SiteSettings } from '../../../../contract/site-settings';
import { defineEntity } from '../entity';

/** A commit of a template's files in progress: for which step, version and parent commit. */
export interface DeploymentWriteProgress {
  step: 'repository' | 'upgrade';
  version: string;
  parent_sha: string;
  /** The last tree written and how many entries (files, then removals) it covers. */
  tree_sha?: string;
  entries: number;
  /** Blobs uploaded for the entries past those, by path. */
  blobs?: { path: string; sha: string }[];
}

export interface DeploymentItem {
  id: string;
  user_id: string;
  mvp_id: string;
  repo_name: string;
  /** initializing | repo_created | processing | deployed | completed | error | failed */
  status: string;
  error_message?: string;
  /** The GitHub login the repository was created under. */
  github_owner?: string;
  github_repo_url?: string;
  /**
   * GitHub's id of the repository this deployment created: a deployment continued later, or a
   * deploy under a name already taken, is told apart from an unrelated repository by it.
   */
  github_repo_id?: number;
  /** The repository's default branch and the head commit the marketplace wrote last. */
  default_branch?: string;
  head_sha?: string;
  /** The template version committed (the first commit, then the last upgrade opened). */
  version_number?: string;
  /** When the buyer authorised Netlify for this deployment (the site step may run). */
  netlify_authorized_at?: string;
  /** How many times the buyer pressed Continue: names each continued run's execution. */
  continued?: number;
  netlify_site_id?: string;
  netlify_site_name?: string;
  netlify_site_url?: string;
  netlify_deploy_id?: string;
  /**
   * How far the last interrupted commit of the template's files got (git-writer.ts): written by
   * the step GitHub stopped, read by its next run to resume; removed once the commit is done.
   */
  write_progress?: DeploymentWriteProgress;
  /** How many times the site step polled Netlify (bounded by the state machine). */
  polls?: number;
  /**
   * How the template builds on Netlify, as the deploy planned it (the version's detected settings,
   * contract/site-settings.ts): what the site is created with and what the live check expects.
   */
  site_settings?: SiteSettings;
  /** The template is no website Netlify hosts: completed with its repository, and no site. */
  repository_only?: boolean;
  /** The last lines of Netlify's build log of a failed build (redacted), for the buyer. */
  build_log_tail?: string;
  /** Requests to the site's address that did not answer the built page yet (bounded). */
  url_checks?: number;
  /** An upgrade pull request being opened (`opening`), opened, or failed (with `upgrade_error`). */
  upgrade_status?: 'opening' | 'opened' | 'failed';
  upgrade_error?: string;
  /** The version the pending or last upgrade is for. */
  upgrade_requested_version?: string;
  /** The last upgrade pull request: for which version, its URL and number. */
  upgrade_version?: string;
  upgrade_pr_url?: string;
  upgrade_pr_number?: number;
  /** Shown on `/stories` since then (its LaunchStory item's sort key); absent while hidden. */
  story_shown_at?: string;
  story_title?: string;
  story_description?: string;
  mvp_title: string;
  mvp_slug: string;
  mvp_preview_image_key?: string;
  created_at: string;
  updated_at: string;
}

export const DeploymentEntity = defineEntity<DeploymentItem>()({
  entity: 'deployment',
  version: '1',
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byUserAndMvp: { index: 'gsi1', pk: ['user_id', 'mvp_id'], sk: ['created_at'] },
    byUser: { index: 'gsi2', pk: ['user_id'], sk: ['created_at'] },
    byMvp: { index: 'gsi3', pk: ['mvp_id'], sk: ['created_at'] },
  },
});
