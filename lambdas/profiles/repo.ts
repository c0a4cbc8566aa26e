/**
 * Profile data access: one function per access pattern (docs/data-model.md, "profiles").
 */
import type { BetaAccountItem } from '../shared/db/entities/beta-account';
import { CounterEntity } from '../shared/db/entities/counter';
import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';
import { UsernameClaimEntity } from '../shared/db/entities/username-claim';
import { isConditionFailure } from '../shared/db/entity';
import { transactWrite } from '../shared/db/transaction';
import { CONFLICT_DELAY_MS, RETRY, retry } from '../shared/retry';
import { userSearchUsernameRemoval, userSearchWrites, usernameIsStill } from './search-repo';

export type { BetaAccountItem, ProfileItem };

/** A profile by the Cognito `sub`; strongly consistent, since it follows our own writes. */
export const getProfileById = async (id: string): Promise<ProfileItem | null> => {
  const { data } = await ProfileEntity.get({ id }).go({ consistent: true });
  return data;
};

/**
 * The counters a new profile moves (docs/data-model.md, section 3.17): `users` by role (the admin
 * overview's totalUsers and totalSellers) and `users_new` by day (analytics), written in the
 * profile's own transaction so they count every profile exactly once.
 */
const newUserCounterWrites = (profile: ProfileItem) => ({
  usersByRole: CounterEntity.update({ name: 'users', bucket: profile.role, shard: 0 })
    .add({ value: 1 })
    .set({ updated_at: profile.created_at }),
  usersNew: CounterEntity.update({
    name: 'users_new',
    bucket: profile.created_at.slice(0, 10),
    shard: 0,
  })
    .add({ value: 1 })
    .set({ updated_at: profile.created_at }),
});

/** Sign-ups at the same moment collide on the shared counters: each is tried this often. */
const NEW_PROFILE_ATTEMPTS = 5;

/**
 * P2: creates the profile unless one exists (`create` puts with `attribute_not_exists(pk)`),
 * with its counters and its search index items (docs/data-model.md, section 3.1.2). Returns `false` when another request created it first.
 */
export const createProfileIfAbsent = async (profile: ProfileItem): Promise<boolean> => {
  const failed = (codes: unknown) =>
    new Error(`Creating profile ${profile.id} failed: ${JSON.stringify(codes)}`);
  let codes: unknown;
  return retry(
    async () => {
      const result = await transactWrite({
        profile: ProfileEntity.create(profile),
        ...newUserCounterWrites(profile),
        search: userSearchWrites(profile),
      });
      if (!result.canceled) return true;
      // The condition failing is the expected race, not a fault.
      if (result.failed('profile') === 'ConditionalCheckFailed') return false;
      codes = result.codes;
      if (!result.any('TransactionConflict')) throw failed(codes);
      return RETRY;
    },
    {
      attempts: NEW_PROFILE_ATTEMPTS,
      baseDelayMs: CONFLICT_DELAY_MS,
      exhausted: () => failed(codes),
    },
  );
};

export type PublicProfileFields = Pick<ProfileItem, 'id' | 'username' | 'display_name'>;

/** The public fields of many profiles (BatchGetItem, retried for unprocessed keys). */
export const batchGetPublicProfiles = (ids: string[]): Promise<PublicProfileFields[]> =>
  ProfileEntity.batchGetAll(
    ids.map((id) => ({ id })),
    { attributes: ['id', 'username', 'display_name'] },
  );

/** A released username stays reserved for its former owner this long (docs/data-model.md, section 3.2). */
export const RELEASED_USERNAME_HOLD_SECONDS = 30 * 24 * 60 * 60;

/** Profile fields the owner edits on the settings page (P3). */
export interface ProfileFieldChanges {
  set: Partial<
    Pick<
      ProfileItem,
      'username' | 'display_name' | 'bio' | 'profile_picture_url' | 'website_url' | 'social_links'
    >
  >;
  remove: ('display_name' | 'bio' | 'profile_picture_url' | 'website_url' | 'social_links')[];
}

/**
 * P3: the owner's own fields, on an existing profile only (`patch` adds `attribute_exists`).
 * Also used for a username whose lower-cased form is unchanged (display case only).
 */
export const patchProfileFields = async (
  id: string,
  changes: ProfileFieldChanges,
  now: string,
): Promise<ProfileItem> => {
  const { data } = await ProfileEntity.patch({ id })
    .set({ ...changes.set, updated_at: now })
    .remove(changes.remove)
    .go({ response: 'all_new' });
  return data;
};

/**
 * P3 for the owner's settings, conditional on the profile being the one read (its `updated_at`),
 * so that a change decided from that read never lands on a profile changed meanwhile (a
 * concurrent username change would otherwise be overwritten). `null` when it changed.
 */
export const patchProfileFieldsIfUnchanged = async (
  read: ProfileItem,
  changes: ProfileFieldChanges,
  now: string,
): Promise<ProfileItem | null> => {
  try {
    const { data } = await ProfileEntity.patch({ id: read.id })
      .set({ ...changes.set, updated_at: now })
      .remove(changes.remove)
      .where((attr, op) => op.eq(attr.updated_at, read.updated_at))
      .go({ response: 'all_new' });
    return data;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
};

export type UsernameChangeOutcome =
  | { outcome: 'changed' }
  /** The new claim failed its condition: someone else holds the name. */
  | { outcome: 'taken' }
  /** The profile changed since it was read (its name, role or approval): decided from a stale read. */
  | { outcome: 'stale' }
  /** The old claim moved since the pre-read, or a concurrent transaction collided. */
  | { outcome: 'retry' };

/**
 * P4 (docs/data-model.md, section 4.3): the new claim, the release of the old one, the profile write and the search index
 * items (section 3.1.2: the new name's item, the old name's removed) in one TransactWriteItems, so a
 * username is never held by two profiles, even under concurrent claims. The profile's condition
 * is the username, role and approval read, so the index items written are never stale.
 */
export const changeUsername = async (input: {
  /** The profile as read: its username is the one released, its role and approval are kept. */
  current: ProfileItem;
  newUsername: string;
  changes: ProfileFieldChanges;
  now: string;
}): Promise<UsernameChangeOutcome> => {
  const { current, newUsername, changes, now } = input;
  const userId = current.id;
  const oldUsername = current.username ?? null;
  const nowSeconds = Math.floor(Date.parse(now) / 1000);
  // Free, already mine (taking my old name back), or a released claim past its hold.
  const claim = UsernameClaimEntity.put({
    username: newUsername,
    user_id: userId,
    created_at: now,
  }).where(
    (attr, op) =>
      `${op.notExists(attr.username)} OR ${op.eq(attr.user_id, userId)} OR ${op.lt(attr.expires_at, nowSeconds)}`,
  );
  // `update` (not `patch`): a profile seeded before claims existed has no claim to release.
  const release = oldUsername
    ? UsernameClaimEntity.update({ username: oldUsername })
        .set({
          user_id: userId,
          released_at: now,
          expires_at: nowSeconds + RELEASED_USERNAME_HOLD_SECONDS,
        })
        .where((attr, op) => `${op.notExists(attr.user_id)} OR ${op.eq(attr.user_id, userId)}`)
    : null;
  const profile = ProfileEntity.patch({ id: userId })
    .set({ ...changes.set, username: newUsername, updated_at: now })
    .remove(changes.remove)
    .where(
      (attr, op) =>
        `${usernameIsStill(current.username, attr, op)} AND ${op.eq(attr.role, current.role)} AND ${op.eq(attr.is_seller_approved, current.is_seller_approved)}`,
    );
  // The index follows the name: the old name's item goes (unless only its case changed).
  const search = [
    ...userSearchWrites({ ...current, username: newUsername }),
    ...(oldUsername && oldUsername.toLowerCase() !== newUsername.toLowerCase()
      ? [userSearchUsernameRemoval(userId, oldUsername)]
      : []),
  ];
  const result = await transactWrite({ claim, release, profile, search });
  if (!result.canceled) return { outcome: 'changed' };
  if (result.any('TransactionConflict')) return { outcome: 'retry' };
  if (result.failed('claim') === 'ConditionalCheckFailed') return { outcome: 'taken' };
  if (result.failed('profile') === 'ConditionalCheckFailed') return { outcome: 'stale' };
  return { outcome: 'retry' };
};

/** P5: the profile holding `username` (gsi1, eventually consistent), if any. */
export const findProfileByUsername = async (username: string): Promise<ProfileItem | null> => {
  const { data } = await ProfileEntity.query.byUsername({ username }).go({ limit: 1 });
  return data[0] ?? null;
};

/** The fields a payout row snapshots of its seller (docs/data-model.md, section 3.12). */
export type SellerFields = Pick<ProfileItem, 'id' | 'email' | 'username' | 'display_name'>;

/**
 * P16: the approved sellers of one role (seller or both), every page, with only the fields a
 * payout needs. Closed and beta-access accounts are left out: they are never paid. Read 1,000
 * profiles a request, so each request stays short however many sellers there are.
 */
export const queryApprovedSellersOfRole = async (
  role: 'seller' | 'both',
): Promise<SellerFields[]> => {
  const sellers: SellerFields[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: SellerFields[]; cursor: string | null } = await ProfileEntity.query
      .byRole({ role })
      .where(
        ({ is_seller_approved, closed_at, beta_expires_at }, { eq, notExists }) =>
          `${eq(is_seller_approved, true)} AND ${notExists(closed_at)} AND ${notExists(beta_expires_at)}`,
      )
      .go({ limit: 1_000, cursor, attributes: ['id', 'email', 'username', 'display_name'] });
    sellers.push(...page.data);
    cursor = page.cursor;
  } while (cursor);
  return sellers;
};

/**
 * P2 for an imported account (demo data): the profile, its search index items and, when it has
 * a username, its claim, in one transaction, only when neither exists. Returns false when the profile was already there.
 */
export const createProfileWithClaim = async (profile: ProfileItem): Promise<boolean> => {
  const result = await transactWrite({
    profile: ProfileEntity.create(profile),
    ...newUserCounterWrites(profile),
    search: userSearchWrites(profile),
    claim:
      profile.username !== undefined &&
      UsernameClaimEntity.create({
        username: profile.username,
        user_id: profile.id,
        created_at: profile.created_at,
      }),
  });
  if (!result.canceled) return true;
  if (result.failed('profile') === 'ConditionalCheckFailed') return false;
  throw new Error(`Importing profile ${profile.id} failed: ${JSON.stringify(result.codes)}`);
};

/** P3c: the buyer's GitHub login (Settings → Connections), set or cleared. */
export const setGithubUsername = async (
  id: string,
  login: string | null,
  now: string,
): Promise<void> => {
  const write = ProfileEntity.patch({ id });
  if (login === null) await write.set({ updated_at: now }).remove(['github_username']).go();
  else await write.set({ github_username: login, updated_at: now }).go();
};

/** P3b: the seller's GitHub App installation, on an existing profile only. */
export const setGithubAppInstallation = async (
  id: string,
  installationId: string,
  now: string,
): Promise<void> => {
  await ProfileEntity.patch({ id })
    .set({ github_app_installation_id: installationId, updated_at: now })
    .go();
};
