/**
 * Profile data access: one function per access pattern (docs/data-model.md, "profiles").
 */
import { BetaAccountEntity, type BetaAccountItem } from '../shared/db/entities/beta-account';
import { CounterEntity } from '../shared/db/entities/counter';
import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';
import { RateLimitEntity } from '../shared/db/entities/rate-limit';
import { UsernameClaimEntity } from '../shared/db/entities/username-claim';
import { isConditionFailure } from '../shared/db/entity';
import { transactWrite } from '../shared/db/transaction';
import { userSearchUsernameRemoval, userSearchWrites, usernameIsStill } from './search-repo';
import { BETA_GLOBAL_RATE_LIMIT_KEY } from './beta-accounts';

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
  for (let attempt = 1; ; attempt += 1) {
    const result = await transactWrite({
      profile: ProfileEntity.create(profile),
      ...newUserCounterWrites(profile),
      search: userSearchWrites(profile),
    });
    if (!result.canceled) return true;
    // The condition failing is the expected race, not a fault.
    if (result.failed('profile') === 'ConditionalCheckFailed') return false;
    if (!result.any('TransactionConflict') || attempt === NEW_PROFILE_ATTEMPTS) {
      throw new Error(`Creating profile ${profile.id} failed: ${JSON.stringify(result.codes)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
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

export type UsernameChangeOutcome =
  | { outcome: 'changed' }
  /** The new claim failed its condition: someone else holds the name. */
  | { outcome: 'taken' }
  /** The profile or the old claim moved since the pre-read, or a concurrent transaction collided. */
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
 * payout needs. Closed and beta-access accounts are left out: they are never paid.
 */
export const queryApprovedSellersOfRole = async (
  role: 'seller' | 'both',
): Promise<SellerFields[]> => {
  const { data } = await ProfileEntity.query
    .byRole({ role })
    .where(
      ({ is_seller_approved, closed_at, beta_expires_at }, { eq, notExists }) =>
        `${eq(is_seller_approved, true)} AND ${notExists(closed_at)} AND ${notExists(beta_expires_at)}`,
    )
    .go({ pages: 'all', attributes: ['id', 'email', 'username', 'display_name'] });
  return data;
};

// ---------------------------------------------------------------------------------------------
// Beta accounts (docs/data-model.md, section 3.1 P18–P19, sections 3.18, 3.19)
// ---------------------------------------------------------------------------------------------

/** A beta profile was not stored (the transaction was refused); its Cognito user must go. */
export class BetaAccountNotStoredError extends Error {
  constructor(codes: Readonly<Record<string, string>>) {
    super(`The beta account was not stored (${JSON.stringify(codes)}).`);
    this.name = 'BetaAccountNotStoredError';
  }
}

/**
 * P18 (with B0): the beta profile, the cleanup's tracking item and the search index items (with
 * the profile's TTL), all or none.
 */
export const storeBetaAccount = async (
  profile: ProfileItem,
  tracking: BetaAccountItem,
): Promise<void> => {
  const result = await transactWrite({
    profile: ProfileEntity.create(profile),
    tracking: BetaAccountEntity.create(tracking),
    search: userSearchWrites(profile),
  });
  if (result.canceled) throw new BetaAccountNotStoredError(result.codes);
};

export interface BetaAllowance {
  clientKey: string;
  window: string;
  expiresAt: number;
  perClient: number;
  global: number;
}

const RATE_LIMIT_ATTEMPTS = 3;

/** One conditional hit on a counter: refused once `hits` reached `limit`. */
const hitCounter = (key: string, allowance: BetaAllowance, limit: number) =>
  RateLimitEntity.update({ key, window: allowance.window })
    .add({ hits: 1 })
    .set({ expires_at: allowance.expiresAt })
    .where(({ hits }, { lt, notExists }) => `${notExists(hits)} OR ${lt(hits, limit)}`);

/**
 * R1: takes one press from the client's and from the global counter of the window, both or
 * neither (a refused press counts nowhere). Says which limit refused it; presses colliding on the
 * global counter are retried.
 */
export const takeBetaAllowance = async (
  allowance: BetaAllowance,
): Promise<'taken' | 'client' | 'global'> => {
  for (let attempt = 1; ; attempt += 1) {
    const result = await transactWrite({
      client: hitCounter(allowance.clientKey, allowance, allowance.perClient),
      global: hitCounter(BETA_GLOBAL_RATE_LIMIT_KEY, allowance, allowance.global),
    });
    if (!result.canceled) return 'taken';
    if (result.failed('client') === 'ConditionalCheckFailed') return 'client';
    if (result.failed('global') === 'ConditionalCheckFailed') return 'global';
    if (!result.any('TransactionConflict') || attempt === RATE_LIMIT_ATTEMPTS) {
      throw new Error(`Beta rate limit not taken: ${JSON.stringify(result.codes)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
  }
};

/** B1: tracking items of beta accounts expired at `now`, oldest first. */
export const listExpiredBetaAccounts = async (
  now: string,
  limit: number,
): Promise<BetaAccountItem[]> => {
  // `between` from the entity's own prefix: the partition (`$marketplace`) is shared.
  const { data } = await BetaAccountEntity.query
    .byExpiry({})
    .between({}, { beta_expires_at: now })
    .go({ limit, consistent: true });
  return data;
};

const CLOSE_PROFILE_ATTEMPTS = 3;

/**
 * P19: closes a removed account's profile so a still-valid ID token cannot use or recreate it:
 * `closed_at` (the first one is kept), no downloads, no seller approval, with its search index
 * items (now not approved) in the same transaction, conditioned on the username and role read (a
 * change meanwhile re-reads and retries). TTL still deletes it. A profile already gone is fine.
 */
export const closeProfile = async (id: string, now: string): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getProfileById(id);
    if (!current) return;
    const result = await transactWrite({
      profile: ProfileEntity.patch({ id })
        .ifNotExists({ closed_at: now })
        .set({ downloads_remaining: 0, is_seller_approved: false, updated_at: now })
        .where(
          (attr, op) =>
            `${usernameIsStill(current.username, attr, op)} AND ${op.eq(attr.role, current.role)}`,
        ),
      search: userSearchWrites({ ...current, is_seller_approved: false }),
    });
    if (!result.canceled) return;
    if (attempt === CLOSE_PROFILE_ATTEMPTS) {
      throw new Error(`Closing profile ${id} failed: ${JSON.stringify(result.codes)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60));
  }
};

/** B2: the tracking item goes last, once everything else of the account is removed. */
export const removeBetaAccountTracking = async (item: BetaAccountItem): Promise<void> => {
  await BetaAccountEntity.delete({
    beta_expires_at: item.beta_expires_at,
    user_id: item.user_id,
  }).go();
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

/** P14: the quota item of a download transaction (see profiles/service `spendDownloadWrite`). */
export const spendDownload = (
  userId: string,
  today: string,
  sameDay: boolean,
  dailyLimit: number | null,
  now: string,
) =>
  ProfileEntity.patch({ id: userId })
    .add(sameDay ? { downloads_remaining: -1, downloads_today: 1 } : { downloads_remaining: -1 })
    .set({ last_download_date: today, updated_at: now, ...(sameDay ? {} : { downloads_today: 1 }) })
    .where(
      (
        { downloads_remaining, downloads_today, last_download_date },
        { eq, gt, lt, ne, notExists },
      ) =>
        [
          gt(downloads_remaining, 0),
          sameDay
            ? eq(last_download_date, today)
            : `(${ne(last_download_date, today)} OR ${notExists(last_download_date)})`,
          ...(sameDay && dailyLimit !== null ? [lt(downloads_today, dailyLimit)] : []),
        ].join(' AND '),
    );

/**
 * P14b: the day counter of a download that spends no quota (a free template): the daily limit
 * holds exactly as in P14, and `downloads_remaining` is neither read nor moved.
 */
export const countFreeDownload = (
  userId: string,
  today: string,
  sameDay: boolean,
  dailyLimit: number | null,
  now: string,
) => {
  const patch = ProfileEntity.patch({ id: userId });
  const counted = sameDay
    ? patch.add({ downloads_today: 1 }).set({ last_download_date: today, updated_at: now })
    : patch.set({ last_download_date: today, updated_at: now, downloads_today: 1 });
  // The builder wraps the condition in parentheses itself: DynamoDB refuses a redundant pair.
  return counted.where(({ downloads_today, last_download_date }, { eq, lt, ne, notExists }) =>
    sameDay
      ? [
          eq(last_download_date, today),
          ...(dailyLimit !== null ? [lt(downloads_today, dailyLimit)] : []),
        ].join(' AND ')
      : `${ne(last_download_date, today)} OR ${notExists(last_download_date)}`,
  );
};

/** P20: the Stripe customer of the profile, set once (a lost race keeps the first one). */
export const setStripeCustomerIfAbsent = async (
  id: string,
  customerId: string,
  now: string,
): Promise<boolean> => {
  try {
    await ProfileEntity.patch({ id })
      .set({ stripe_customer_id: customerId, updated_at: now })
      .where(({ stripe_customer_id }, { notExists }) => notExists(stripe_customer_id))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/** P21: the Connect account of the profile, set once (a lost race keeps the first one). */
export const setStripeAccountIfAbsent = async (
  id: string,
  accountId: string,
  now: string,
): Promise<boolean> => {
  try {
    await ProfileEntity.patch({ id })
      .set({ stripe_account_id: accountId, updated_at: now })
      .where(({ stripe_account_id }, { notExists }) => notExists(stripe_account_id))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * P22 (transaction item): the Connect account's status from an `account.updated` event, unless a
 * newer event was applied already (out-of-order delivery changes nothing).
 */
export const connectStatusWrite = (input: {
  id: string;
  accountId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  eventCreated: number;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      stripe_payouts_enabled: input.payoutsEnabled,
      stripe_details_submitted: input.detailsSubmitted,
      stripe_account_event_created: input.eventCreated,
      updated_at: input.now,
    })
    .where(
      ({ stripe_account_id, stripe_account_event_created }, { eq, notExists, lte }) =>
        `${eq(stripe_account_id, input.accountId)} AND (${notExists(stripe_account_event_created)} OR ${lte(stripe_account_event_created, input.eventCreated)})`,
    );

/**
 * P15 (transaction item): the monthly quota reset of one user for the period starting at
 * `periodStart`, at most once per period (the condition makes a second reset of the same period
 * fail, so the caller leaves the item out when its pre-read shows the reset done).
 */
export const quotaResetWrite = (input: {
  id: string;
  quota: number;
  periodStart: string;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      downloads_remaining: input.quota,
      download_quota: input.quota,
      last_quota_reset_at: input.periodStart,
      updated_at: input.now,
    })
    .where(
      ({ last_quota_reset_at }, { notExists, lt }) =>
        `${notExists(last_quota_reset_at)} OR ${lt(last_quota_reset_at, input.periodStart)}`,
    );

/**
 * P23 (transaction item): the quota after a change that is not a reset (a plan switch, or the end
 * of the subscription), conditioned on the remaining count the caller read, so a concurrent
 * download is never lost: the caller re-reads and retries.
 */
export const quotaChangeWrite = (input: {
  id: string;
  readRemaining: number;
  remaining: number;
  quota: number;
  now: string;
}) =>
  ProfileEntity.patch({ id: input.id })
    .set({
      downloads_remaining: input.remaining,
      download_quota: input.quota,
      updated_at: input.now,
    })
    .where(({ downloads_remaining }, { eq }) => eq(downloads_remaining, input.readRemaining));

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
