/**
 * LaunchStory (docs/data-model.md, section 3.11): a buyer's completed deployment they chose to show on
 * `/stories`, with the template it started from. Written and removed only together with the
 * deployment's own `story_shown_at` (one transaction), so the public list never shows a site its
 * owner hid. A copy rather than an index on the deployment: the deployment's three GSIs are taken,
 * and the public list needs only what is copied here (never the buyer's e-mail or tokens).
 *
 * - byShown (table): pk (none), sk `shown_at`,`deployment_id` → the stories, newest first. Few
 *   items (opt-in, one per launched site), so one partition is plenty.
 */
import { defineEntity } from '../entity';

export interface LaunchStoryItem {
  deployment_id: string;
  /** The buyer: for their account's closure and export, never shown. */
  user_id: string;
  /** The product's name and pitch, as the buyer gave them (the site's name by default). */
  title: string;
  description?: string;
  /** The buyer's public name when they opted in (display name, @username or a handle). */
  maker_name: string;
  site_url: string;
  mvp_id: string;
  mvp_title: string;
  mvp_slug: string;
  mvp_preview_image_key?: string;
  shown_at: string;
}

export const LaunchStoryEntity = defineEntity<LaunchStoryItem>()({
  entity: 'launchStory',
  version: '1',
  indexes: {
    byShown: { pk: [], sk: ['shown_at', 'deployment_id'] },
  },
});
