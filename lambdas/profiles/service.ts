/**
 * Profiles: the rules about who a user is in the marketplace. Other domains call these functions
 * (never the repo): `getProfile`, `ensureProfile`, `getPublicSellerSummaries`.
 */
import type { SellerSummary } from '../shared/contracts/catalog';
import type { Profile } from '../shared/contracts/profile';
import type { AuthContext } from '../shared/auth/claims';
import {
  batchGetPublicProfiles,
  createProfileIfAbsent,
  getProfileById,
  type ProfileItem,
} from './repo';

/** The stored item as the API shape: absent optional fields become `null`. */
export const toProfile = (item: ProfileItem): Profile => ({
  id: item.id,
  email: item.email,
  username: item.username ?? null,
  display_name: item.display_name ?? null,
  bio: item.bio ?? null,
  profile_picture_url: item.profile_picture_url ?? null,
  website_url: item.website_url ?? null,
  social_links: { ...item.social_links },
  github_username: item.github_username ?? null,
  netlify_site_name: item.netlify_site_name ?? null,
  role: item.role,
  downloads_remaining: item.downloads_remaining,
  download_quota: item.download_quota,
  daily_download_limit: item.daily_download_limit ?? null,
  last_download_date: item.last_download_date ?? null,
  last_quota_reset_at: item.last_quota_reset_at ?? null,
  is_seller_approved: item.is_seller_approved,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

/** A profile by user id (the Cognito `sub`), or `null` when the user has none yet. */
export const getProfile = async (id: string): Promise<Profile | null> => {
  const item = await getProfileById(id);
  return item ? toProfile(item) : null;
};

export type ProfileIdentity = Pick<AuthContext, 'userId' | 'email' | 'signUpRole'>;

/**
 * The default profile of a user the API sees for the first time (buyer spec §5): no downloads,
 * not an approved seller. The role is the one picked at sign-up, but only `buyer` or `seller`
 * (`parseSignUpRole` already drops anything else): admin rights are never taken from a claim.
 */
export const defaultProfileItem = (identity: ProfileIdentity, now: string): ProfileItem => ({
  id: identity.userId,
  email: identity.email,
  role: identity.signUpRole === 'seller' ? 'seller' : 'buyer',
  downloads_remaining: 0,
  download_quota: 0,
  downloads_today: 0,
  is_seller_approved: false,
  created_at: now,
  updated_at: now,
});

/**
 * The caller's profile, created on first sight.
 *
 * 1. Read it (strongly consistent).
 * 2. If absent, create the default with a conditional put.
 * 3. If a concurrent first request won that race, read the winner's profile, so every caller gets
 *    the one stored profile and exactly one is ever created.
 */
export const ensureProfile = async (identity: ProfileIdentity): Promise<Profile> => {
  const existing = await getProfileById(identity.userId);
  if (existing) return toProfile(existing);

  const candidate = defaultProfileItem(identity, new Date().toISOString());
  if (await createProfileIfAbsent(candidate)) return toProfile(candidate);

  const winner = await getProfileById(identity.userId);
  if (!winner) throw new Error(`Profile ${identity.userId} vanished after a conditional create`);
  return toProfile(winner);
};

/**
 * Public seller summaries by id, for joins on public pages: id, username and display name only,
 * never the e-mail. Ids without a profile get a summary with `null` names, so a join never drops
 * a template.
 */
export const getPublicSellerSummaries = async (
  ids: readonly string[],
): Promise<Map<string, SellerSummary>> => {
  const unique = [...new Set(ids)];
  const summaries = new Map<string, SellerSummary>(
    unique.map((id) => [id, { id, username: null, display_name: null }]),
  );
  if (unique.length === 0) return summaries;
  for (const profile of await batchGetPublicProfiles(unique)) {
    summaries.set(profile.id, {
      id: profile.id,
      username: profile.username ?? null,
      display_name: profile.display_name ?? null,
    });
  }
  return summaries;
};
