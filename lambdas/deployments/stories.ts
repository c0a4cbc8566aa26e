/**
 * Success Stories: a buyer shows their own launched site on `/stories` (with an optional name and
 * pitch) or hides it again, and everyone reads the list. The deployments domain owns the
 * deployment and its LaunchStory item (Y9–Y11); the routes are served by the account function,
 * which carries this module and not the deploy flow.
 *
 * Ownership: a deployment is its buyer's; anyone else is answered 404 as if it did not exist.
 */
import { previewUrl } from '../../contract/catalog';
import {
  STORY_MESSAGES,
  type LaunchStory,
  type LaunchStoryList,
  type StoryChange,
  type StoryInput,
  type StoryText,
} from '../../contract/stories';
import { publicNameOf } from '../../contract/profile';
import { ConflictError, NotFoundError } from '../shared/errors';
import { RETRY, retry } from '../shared/retry';
import { getProfile } from '../profiles/service';
import {
  getDeployment,
  hideStory,
  listStories,
  showStory,
  type DeploymentItem,
  type LaunchStoryItem,
} from './repo';

/** How many times a story change re-reads after a concurrent change of the deployment. */
const STORY_ATTEMPTS = 3;

/** Finished deployments (the worker writes `completed`; `deployed` is accepted too). */
const isLaunched = (item: DeploymentItem): item is DeploymentItem & { netlify_site_url: string } =>
  (item.status === 'completed' || item.status === 'deployed') && Boolean(item.netlify_site_url);

/** A story as the public sees it: the copied fields, no account ids or e-mail. */
const toLaunchStory = (item: LaunchStoryItem): LaunchStory => ({
  id: item.deployment_id,
  title: item.title,
  description: item.description ?? null,
  maker: item.maker_name,
  site_url: item.site_url,
  shown_at: item.shown_at,
  template: {
    id: item.mvp_id,
    title: item.mvp_title,
    slug: item.mvp_slug,
    preview_image: item.mvp_preview_image_key ? previewUrl(item.mvp_preview_image_key) : null,
  },
});

/** The name and pitch kept for the story, shown or not (the repository's name by default). */
export const storyTextView = (
  item: Pick<DeploymentItem, 'story_title' | 'story_description' | 'repo_name'>,
): StoryText => ({
  title: item.story_title ?? item.repo_name,
  description: item.story_description ?? null,
});

/** What the answer says of the story: shown (with its name and pitch), or null while hidden. */
const storyOf = (item: DeploymentItem | null): StoryChange['story'] =>
  item?.story_shown_at
    ? {
        title: item.story_title ?? item.repo_name,
        description: item.story_description ?? null,
        shown_at: item.story_shown_at,
      }
    : null;

/**
 * The name and pitch after a change: a given name replaces the stored one (blank keeps it), a
 * given description replaces it (blank removes it), an absent one keeps what was stored. Hiding a
 * story keeps both, so switching it off and on again shows what the buyer wrote.
 */
const storyTextOf = (
  item: DeploymentItem,
  input: StoryInput,
): { title?: string; description?: string } => {
  const title = input.title?.trim() || item.story_title;
  const description =
    input.description === undefined
      ? item.story_description
      : input.description.trim() || undefined;
  return {
    ...(title !== undefined ? { title } : {}),
    ...(description !== undefined ? { description } : {}),
  };
};

/**
 * `PUT /api/deployments/{id}/story` (owner only):
 *   1. the caller's own deployment (anyone else: 404),
 *   2. showing needs a launched site (finished, with its Netlify address),
 *   3. the deployment's story fields and the public story item change together (hiding keeps the
 *      name and pitch); a concurrent change re-reads (at most three times).
 */
export const setDeploymentStory = async (
  userId: string,
  id: string,
  input: StoryInput,
): Promise<StoryChange> => {
  return retry(
    async () => {
      const item = await getDeployment(id);
      if (!item || item.user_id !== userId) throw new NotFoundError(STORY_MESSAGES.notFound);
      const now = new Date().toISOString();
      const text = storyTextOf(item, input);
      let written: boolean;
      if (input.show) {
        if (!isLaunched(item)) throw new ConflictError(STORY_MESSAGES.notLaunched);
        written = await showStory(
          item,
          {
            deployment_id: item.id,
            user_id: item.user_id,
            // The buyer's own name for it (the repository's) unless they give one.
            title: text.title ?? item.repo_name,
            ...(text.description ? { description: text.description } : {}),
            maker_name: publicNameOf((await getProfile(userId)) ?? { id: userId }),
            site_url: item.netlify_site_url,
            mvp_id: item.mvp_id,
            mvp_title: item.mvp_title,
            mvp_slug: item.mvp_slug,
            ...(item.mvp_preview_image_key
              ? { mvp_preview_image_key: item.mvp_preview_image_key }
              : {}),
            shown_at: item.story_shown_at ?? now,
          },
          now,
        );
      } else {
        written = await hideStory(item, text, now);
      }
      if (written) {
        const stored = await getDeployment(id);
        return {
          story: storyOf(stored),
          story_text: storyTextView(stored ?? item),
          message: input.show
            ? STORY_MESSAGES.shown
            : item.story_shown_at
              ? STORY_MESSAGES.hidden
              : STORY_MESSAGES.saved,
        };
      }
      return RETRY;
    },
    {
      attempts: STORY_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: () => new ConflictError(STORY_MESSAGES.changedMeanwhile),
    },
  );
};

/** `GET /api/stories` (public): the launched sites their buyers chose to show, newest first. */
export const listLaunchStories = async (): Promise<LaunchStoryList> => ({
  items: (await listStories()).map(toLaunchStory),
});
