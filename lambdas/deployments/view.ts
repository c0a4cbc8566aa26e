/**
 * Parts of a deployment as its buyer sees it, used by the deployments' pages (service.ts) and by
 * the user's own data export (account-data.ts), so both say the same.
 */
import type { DeploymentItem } from './repo';

/** The site's Success Story while it is shown there, else null. */
export const storyOf = (item: DeploymentItem) =>
  item.story_shown_at
    ? {
        title: item.story_title ?? item.repo_name,
        description: item.story_description ?? null,
        shown_at: item.story_shown_at,
      }
    : null;
