/**
 * Success Stories (`/stories`): launched sites their buyers chose to show, with the template they
 * started from, and the buyer's switch on a finished deployment.
 */
import * as z from 'zod';
import { text } from './text';

/** `/stories`: launched sites their buyers chose to show. */
export const STORY_MESSAGES = {
  notLaunched: 'Only a launched site (a finished deployment) can be shown in Success Stories.',
  shown: 'Your site is now shown in Success Stories.',
  hidden: 'Your site is no longer shown in Success Stories. Its name and description are kept.',
  saved: 'Saved. They are shown when you show your site in Success Stories.',
  changedMeanwhile: 'This deployment changed meanwhile. Please reload and try again.',
  /** Not the caller's, or absent: the deploy pages' own words. */
  notFound: 'Failed to find deployment record. Please try again.',
} as const;

export const STORY_TITLE_MAX = 80;
export const STORY_DESCRIPTION_MAX = 280;

/**
 * `PUT /api/deployments/{id}/story`: show the caller's launched site on `/stories` (with an
 * optional name and pitch) or hide it again.
 */
export const storyInputSchema = z.object({
  show: z.boolean({ error: 'Say whether to show the site (true or false).' }),
  title: text({ label: 'The name', error: 'The name must be text.' })
    .max(STORY_TITLE_MAX, `The name can be at most ${STORY_TITLE_MAX} characters.`)
    .optional(),
  description: text({
    label: 'The description',
    multiline: true,
    error: 'The description must be text.',
  })
    .max(
      STORY_DESCRIPTION_MAX,
      `The description can be at most ${STORY_DESCRIPTION_MAX} characters.`,
    )
    .optional(),
});
export type StoryInput = z.infer<typeof storyInputSchema>;

/** A deployment's place on `/stories`: the name and pitch shown, and since when. */
export interface DeploymentStory {
  title: string;
  description: string | null;
  shown_at: string;
}

/** The name and pitch the buyer gave their story, kept while it is hidden. */
export interface StoryText {
  title: string;
  description: string | null;
}

/**
 * The answer of `PUT /api/deployments/{id}/story`: the story as it is now (null: hidden), and
 * its kept name and pitch.
 */
export interface StoryChange {
  story: DeploymentStory | null;
  story_text: StoryText;
  message: string;
}

/** One launched product on `/stories`: no e-mail, no account ids. */
export interface LaunchStory {
  id: string;
  title: string;
  description: string | null;
  maker: string;
  site_url: string;
  shown_at: string;
  template: { id: string; title: string; slug: string; preview_image: string | null };
}

export interface LaunchStoryList {
  items: LaunchStory[];
}
