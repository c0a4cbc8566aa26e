/**
 * The settings Profile tab: the form's schema, used by the form and by `PATCH /api/me` alike
 * (username required and without spaces; empty social links are dropped).
 * Kept apart from `profile.ts` so the header, which needs only the role helpers, stays free of zod.
 */
import * as z from 'zod';
import { AVATAR_PATH_PATTERN } from './uploads';
import { text } from './text';

export const USERNAME_REQUIRED_MESSAGE = 'Username is required.';
export const USERNAME_SPACES_MESSAGE = 'Username cannot contain spaces.';
export const USERNAME_CHARACTERS_MESSAGE =
  'Username can only contain letters, numbers, dots, hyphens and underscores.';
export const USERNAME_LENGTH_MESSAGE = 'Username must be 30 characters or fewer.';
/** Shown under the field, as the product asks. */
/** The username hint for a buyer (their name shows with their reviews) and for a seller. */
export const USERNAME_HINT =
  'No spaces. Letters, numbers, dots, hyphens and underscores, up to 30 characters. It is shown with your reviews.';
export const SELLER_USERNAME_HINT =
  'No spaces. Letters, numbers, dots, hyphens and underscores, up to 30 characters. Your public seller page lives at /seller/your-username.';
export { USERNAME_TAKEN_MESSAGE } from './profile-messages';
/**
 * The seller dashboard asks a seller without a username for one: their templates' byline and
 * their public page (`/seller/{username}`) need it.
 */
export const SELLER_USERNAME_PROMPT = {
  title: 'Choose your username',
  description:
    'Buyers see it as the byline of your templates, and your public seller page lives at /seller/your-username. Until you choose one, your templates have no byline and you have no public page.',
  saved: (username: string) => `Your public seller page is /seller/${username}.`,
} as const;
export const PROFILE_UPDATE_FAILED_MESSAGE = 'Failed to update profile.';
export const INVALID_URL_MESSAGE = 'Please enter a full web address starting with https://';

export const USERNAME_MAX_LENGTH = 30;

/**
 * A username as typed. Letters, digits, `.`, `-` and `_` only: it becomes a path segment of the
 * public seller page and a key (case-insensitive, since ElectroDB lower-cases keys).
 */
export const usernameSchema = text({ label: 'Username', error: USERNAME_REQUIRED_MESSAGE })
  .min(1, USERNAME_REQUIRED_MESSAGE)
  .refine((value) => !/\s/.test(value), USERNAME_SPACES_MESSAGE)
  .refine((value) => /^[A-Za-z0-9._-]*$/.test(value) || /\s/.test(value), {
    message: USERNAME_CHARACTERS_MESSAGE,
  })
  .refine((value) => value.length <= USERNAME_MAX_LENGTH, USERNAME_LENGTH_MESSAGE);

/** Optional text: empty (or null) means "remove it". */
const optionalText = (max: number, label: string, multiline = false) =>
  text({ label, multiline })
    .max(max, `${label} must be ${max} characters or fewer.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Optional web address: empty (or null) means "remove it"; otherwise http(s) only. */
const optionalUrlOr = (alsoAllowed?: RegExp) =>
  z
    .string()
    .trim()
    .max(500, 'Web addresses must be 500 characters or fewer.')
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) =>
        value === null ||
        /^https?:\/\/[^\s]+\.[^\s]+$/i.test(value) ||
        (alsoAllowed?.test(value) ?? false),
      INVALID_URL_MESSAGE,
    );
const optionalUrl = optionalUrlOr();

export const profileUpdateSchema = z.object({
  username: usernameSchema,
  display_name: optionalText(100, 'Display name'),
  bio: optionalText(500, 'Bio', true),
  // A web address, or the path of a picture uploaded here (kept when the form is saved again).
  profile_picture_url: optionalUrlOr(AVATAR_PATH_PATTERN),
  website_url: optionalUrl,
  social_links: z
    .object({ twitter: optionalUrl, linkedin: optionalUrl, github: optionalUrl })
    .partial()
    .default({})
    // Empty links are dropped: only the filled ones are stored.
    .transform(
      (links) =>
        Object.fromEntries(
          Object.entries(links).filter((entry): entry is [string, string] => !!entry[1]),
        ) as { twitter?: string; linkedin?: string; github?: string },
    ),
});

/** What the form holds (strings) and what the API receives. */
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
/** After parsing: trimmed, `null` for cleared fields, social links without empty entries. */
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
