/**
 * Profiles: the rules about who a user is in the marketplace. Other domains call these functions
 * (never the repo): `getProfile`, `ensureProfile`, `getPublicSellerSummaries`. Beta access lives
 * here too: `createBetaAccount` and the hourly `closeExpiredBetaAccounts`.
 */
import type { SellerSummary } from '../../contract/catalog';
import type { UserProfile } from '../../contract/profile';
import { USERNAME_TAKEN_MESSAGE } from '../../contract/profile-messages';
import type { ProfileUpdate } from '../../contract/profile-update';
import { setGithubAppInstallation, setGithubUsername } from './repo';
import { ACCOUNT_CLOSED_MESSAGE } from '../../contract/beta';
import type { AuthContext } from '../shared/auth/claims';
import { ConflictError, UnauthorizedError } from '../shared/errors';
import { CONFLICT_DELAY_MS, RETRY, retry } from '../shared/retry';
import {
  batchGetPublicProfiles,
  changeUsername,
  createProfileIfAbsent,
  findProfileByUsername,
  getProfileById,
  patchProfileFieldsIfUnchanged,
  type ProfileFieldChanges,
  type ProfileItem,
} from './repo';

/**
 * The stored item as the API shape: absent optional fields become `null`. The owner's answer adds
 * the entitlement's fields to it (`withQuota`, entitlement-read.ts).
 */
export const toProfile = (item: ProfileItem): UserProfile => ({
  id: item.id,
  email: item.email,
  username: item.username ?? null,
  display_name: item.display_name ?? null,
  bio: item.bio ?? null,
  profile_picture_url: item.profile_picture_url ?? null,
  website_url: item.website_url ?? null,
  social_links: { ...item.social_links },
  github_username: item.github_username ?? null,
  github_app_installed: item.github_app_installation_id !== undefined,
  netlify_site_name: item.netlify_site_name ?? null,
  role: item.role,
  is_seller_approved: item.is_seller_approved,
  beta_expires_at: item.beta_expires_at ?? null,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

export { listApprovedSellers } from './approved-sellers';

/** The caller's own profile, unless its account was removed (a beta account past its day). */
const openProfile = (item: ProfileItem): UserProfile => {
  if (item.closed_at) throw new UnauthorizedError(ACCOUNT_CLOSED_MESSAGE);
  return toProfile(item);
};

/** A profile by user id (the Cognito `sub`), or `null` when the user has none yet. */
export const getProfile = async (id: string): Promise<UserProfile | null> => {
  const item = await getProfileById(id);
  return item ? toProfile(item) : null;
};

export type ProfileIdentity = Pick<AuthContext, 'userId' | 'email' | 'signUpRole'>;

/**
 * The default profile of a user the API sees for the first time: not an approved seller (and no
 * downloads: a user without an entitlement item has the free plan's, docs/data-model.md, 3.28). The role is the one picked at sign-up, but only `buyer` or `seller`
 * (`parseSignUpRole` already drops anything else): admin rights are never taken from a claim.
 */
export const defaultProfileItem = (identity: ProfileIdentity, now: string): ProfileItem => ({
  id: identity.userId,
  email: identity.email,
  role: identity.signUpRole === 'seller' ? 'seller' : 'buyer',
  is_seller_approved: false,
  created_at: now,
  updated_at: now,
});

/**
 * The caller's profile, created on first sight.
 *
 * 1. Read it (strongly consistent). A closed one (a removed beta account whose ID token is still
 *    valid) is a 401 'This account was closed.', never a fresh default profile.
 * 2. If absent, create the default with a conditional put.
 * 3. If a concurrent first request won that race, read the winner's profile, so every caller gets
 *    the one stored profile and exactly one is ever created.
 */
export const ensureProfile = async (identity: ProfileIdentity): Promise<UserProfile> => {
  const existing = await getProfileById(identity.userId);
  if (existing) return openProfile(existing);

  const candidate = defaultProfileItem(identity, new Date().toISOString());
  if (await createProfileIfAbsent(candidate)) return toProfile(candidate);

  const winner = await getProfileById(identity.userId);
  if (!winner) throw new Error(`Profile ${identity.userId} vanished after a conditional create`);
  return openProfile(winner);
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

export const PROFILE_CHANGED_CONCURRENTLY_MESSAGE =
  'Your profile was changed at the same time elsewhere. Please try again.';
const USERNAME_CHANGE_ATTEMPTS = 3;

/** The form's values as set/remove lists: cleared fields are removed, not stored empty. */
const toFieldChanges = (update: ProfileUpdate): ProfileFieldChanges => {
  const changes: ProfileFieldChanges = { set: {}, remove: [] };
  for (const field of ['display_name', 'bio', 'profile_picture_url', 'website_url'] as const) {
    const value = update[field];
    if (value === null) changes.remove.push(field);
    else changes.set[field] = value;
  }
  if (Object.keys(update.social_links).length > 0) changes.set.social_links = update.social_links;
  else changes.remove.push('social_links');
  return changes;
};

/**
 * The caller's profile item as stored (created with the defaults on first sight), the one read
 * that a settings change is decided from.
 */
const readOwnProfile = async (identity: ProfileIdentity): Promise<ProfileItem> => {
  const existing = await getProfileById(identity.userId);
  if (existing) {
    openProfile(existing);
    return existing;
  }
  await ensureProfile(identity);
  const created = await getProfileById(identity.userId);
  if (!created) throw new Error(`Profile ${identity.userId} vanished after its creation`);
  return created;
};

/**
 * `PATCH /api/me`: the caller's own profile fields (only ever the caller's: the id comes from the
 * token). A new username goes through the claim transaction (docs/data-model.md, section 4.3).
 *
 * 1. Read the profile once (creating the default one on first sight): the change is decided
 *    from this read, and every write is conditional on the profile still being it.
 * 2. Same name ignoring case: patch the profile only (the claim is already ours).
 * 3. Otherwise claim the new name, release the old one and write the profile in one transaction.
 *
 * A taken name is a 409; so is a profile changed since the read (another tab's save, a second
 * request at the same time): the caller sees the words and saves again. Only a transaction that
 * collided with another one before either decided anything (`TransactionConflict`) is retried,
 * and only while the profile is still the one read.
 */
export const updateMyProfile = async (
  identity: ProfileIdentity,
  update: ProfileUpdate,
): Promise<UserProfile> => {
  const changes = toFieldChanges(update);
  const read = await readOwnProfile(identity);
  return retry(
    async () => {
      const now = new Date().toISOString();
      if (read.username?.toLowerCase() === update.username.toLowerCase()) {
        const item = await patchProfileFieldsIfUnchanged(
          read,
          { ...changes, set: { ...changes.set, username: update.username } },
          now,
        );
        if (!item) throw new ConflictError(PROFILE_CHANGED_CONCURRENTLY_MESSAGE);
        return toProfile(item);
      }
      const { outcome } = await changeUsername({
        current: read,
        newUsername: update.username,
        changes,
        now,
      });
      if (outcome === 'taken') throw new ConflictError(USERNAME_TAKEN_MESSAGE);
      if (outcome === 'stale') throw new ConflictError(PROFILE_CHANGED_CONCURRENTLY_MESSAGE);
      if (outcome === 'changed') {
        const saved = await getProfileById(identity.userId);
        if (!saved) throw new Error(`Profile ${identity.userId} vanished after its update`);
        return toProfile(saved);
      }
      // A short, jittered pause lets the colliding transaction finish; then the same read is tried
      // again, and the profile's condition tells whether that transaction changed it.
      return RETRY;
    },
    {
      attempts: USERNAME_CHANGE_ATTEMPTS,
      baseDelayMs: CONFLICT_DELAY_MS,
      exhausted: () => new ConflictError(PROFILE_CHANGED_CONCURRENTLY_MESSAGE),
    },
  );
};

/**
 * The profile that holds `username` (case-insensitive), read fresh by id after the index lookup
 * so a name given up a moment ago no longer resolves to its former owner.
 */
export const findProfileByPublicUsername = async (
  username: string,
): Promise<UserProfile | null> => {
  const hit = await findProfileByUsername(username);
  if (!hit) return null;
  const fresh = await getProfileById(hit.id);
  if (!fresh || fresh.username?.toLowerCase() !== username.toLowerCase()) return null;
  return toProfile(fresh);
};

/** The seller's GitHub App installation (`/github-app-callback`); a reinstall replaces it. */
export const recordGithubAppInstallation = async (
  id: string,
  installationId: number,
): Promise<void> => {
  await setGithubAppInstallation(id, String(installationId), new Date().toISOString());
};

/** The buyer's GitHub login after connecting GitHub (null: disconnected). */
export const recordGithubUsername = (id: string, login: string | null): Promise<void> =>
  setGithubUsername(id, login, new Date().toISOString());

/** The seller's GitHub App installation id, if any. */
export const githubAppInstallationOf = async (id: string): Promise<number | undefined> => {
  const stored = await getProfileById(id);
  return stored?.github_app_installation_id ? Number(stored.github_app_installation_id) : undefined;
};
