/**
 * Profiles: the rules about who a user is in the marketplace. Other domains call these functions
 * (never the repo): `getProfile`, `ensureProfile`, `getPublicSellerSummaries`. Beta access lives
 * here too: `createBetaAccount` and the hourly `closeExpiredBetaAccounts`.
 */
import type { SellerSummary } from '../../contract/catalog';
import type { Profile } from '../../contract/profile';
import { USERNAME_TAKEN_MESSAGE, type ProfileUpdate } from '../../contract/profile-update';
import { setGithubAppInstallation, setGithubUsername } from './repo';
import {
  ACCOUNT_CLOSED_MESSAGE,
  BETA_CLIENT_LIMIT_MESSAGE,
  BETA_DISABLED_MESSAGE,
  BETA_GLOBAL_LIMIT_MESSAGE,
  type BetaCredentials,
} from '../../contract/beta';
import { createPoolUser, deletePoolUser } from '../shared/adapters/user-pool';
import type { AuthContext } from '../shared/auth/claims';
import { config } from '../shared/config';
import {
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../shared/errors';
import { logger } from '../shared/observability';
import { readSecret } from '../shared/secrets';
import {
  BETA_RATE_LIMITS,
  betaAccountItem,
  betaProfileItem,
  clientRateLimitKey,
  generateBetaEmail,
  generateBetaPassword,
  hourlyWindow,
} from './beta-accounts';
import {
  batchGetPublicProfiles,
  changeUsername,
  closeProfile,
  createProfileIfAbsent,
  findProfileByUsername,
  getProfileById,
  listExpiredBetaAccounts,
  patchProfileFields,
  queryApprovedSellersOfRole,
  removeBetaAccountTracking,
  storeBetaAccount,
  takeBetaAllowance,
  type BetaAccountItem,
  type ProfileFieldChanges,
  type ProfileItem,
  type SellerFields,
  connectStatusWrite,
  quotaChangeWrite,
  quotaResetWrite,
  setStripeAccountIfAbsent,
  setStripeCustomerIfAbsent,
  spendDownload,
  countFreeDownload,
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
  github_app_installed: item.github_app_installation_id !== undefined,
  netlify_site_name: item.netlify_site_name ?? null,
  role: item.role,
  downloads_remaining: item.downloads_remaining,
  download_quota: item.download_quota,
  daily_download_limit: item.daily_download_limit ?? null,
  last_download_date: item.last_download_date ?? null,
  last_quota_reset_at: item.last_quota_reset_at ?? null,
  is_seller_approved: item.is_seller_approved,
  beta_expires_at: item.beta_expires_at ?? null,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

/**
 * Every approved seller (roles seller and both; P16), for the monthly payout run: id, e-mail and
 * public names only. Closed and beta-access accounts are never paid.
 */
export const listApprovedSellers = async (): Promise<SellerFields[]> =>
  (
    await Promise.all([queryApprovedSellersOfRole('seller'), queryApprovedSellersOfRole('both')])
  ).flat();

/** The caller's own profile, unless its account was removed (a beta account past its day). */
const openProfile = (item: ProfileItem): Profile => {
  if (item.closed_at) throw new UnauthorizedError(ACCOUNT_CLOSED_MESSAGE);
  return toProfile(item);
};

/** A profile by user id (the Cognito `sub`), or `null` when the user has none yet. */
export const getProfile = async (id: string): Promise<Profile | null> => {
  const item = await getProfileById(id);
  return item ? toProfile(item) : null;
};

export type ProfileIdentity = Pick<AuthContext, 'userId' | 'email' | 'signUpRole'>;

/**
 * The default profile of a user the API sees for the first time: no downloads,
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
 * 1. Read it (strongly consistent). A closed one (a removed beta account whose ID token is still
 *    valid) is a 401 'This account was closed.', never a fresh default profile.
 * 2. If absent, create the default with a conditional put.
 * 3. If a concurrent first request won that race, read the winner's profile, so every caller gets
 *    the one stored profile and exactly one is ever created.
 */
export const ensureProfile = async (identity: ProfileIdentity): Promise<Profile> => {
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
 * `PATCH /api/me`: the caller's own profile fields (only ever the caller's: the id comes from the
 * token). A new username goes through the claim transaction (docs/data-model.md, section 4.3).
 *
 * 1. Read the profile (creating the default one on first sight) for the current username.
 * 2. Same name ignoring case: patch the profile only (the claim is already ours).
 * 3. Otherwise claim the new name, release the old one and write the profile in one transaction;
 *    a taken name is a 409; a profile changed meanwhile (or a colliding transaction) is re-read
 *    and retried, so concurrent claims of one name end with exactly one owner.
 */
export const updateMyProfile = async (
  identity: ProfileIdentity,
  update: ProfileUpdate,
): Promise<Profile> => {
  const changes = toFieldChanges(update);
  for (let attempt = 0; attempt < USERNAME_CHANGE_ATTEMPTS; attempt += 1) {
    const current = await ensureProfile(identity);
    const now = new Date().toISOString();
    if (current.username?.toLowerCase() === update.username.toLowerCase()) {
      const item = await patchProfileFields(
        identity.userId,
        { ...changes, set: { ...changes.set, username: update.username } },
        now,
      );
      return toProfile(item);
    }
    const stored = await getProfileById(identity.userId);
    if (!stored) throw new Error(`Profile ${identity.userId} vanished before its update`);
    const { outcome } = await changeUsername({
      current: stored,
      newUsername: update.username,
      changes,
      now,
    });
    if (outcome === 'taken') throw new ConflictError(USERNAME_TAKEN_MESSAGE);
    if (outcome === 'changed') {
      const saved = await getProfileById(identity.userId);
      if (!saved) throw new Error(`Profile ${identity.userId} vanished after its update`);
      return toProfile(saved);
    }
    // A short, jittered pause lets the colliding transaction finish before the re-read.
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60));
  }
  throw new ConflictError(PROFILE_CHANGED_CONCURRENTLY_MESSAGE);
};

/**
 * The profile that holds `username` (case-insensitive), read fresh by id after the index lookup
 * so a name given up a moment ago no longer resolves to its former owner.
 */
export const findProfileByPublicUsername = async (username: string): Promise<Profile | null> => {
  const hit = await findProfileByUsername(username);
  if (!hit) return null;
  const fresh = await getProfileById(hit.id);
  if (!fresh || fresh.username?.toLowerCase() !== username.toLowerCase()) return null;
  return toProfile(fresh);
};

/**
 * `POST /api/auth/beta`: a fresh beta account for this caller alone, removed with
 * its data after a day by `closeExpiredBetaAccounts`.
 *
 * 1. Refuse while beta access is switched off: 404, as if the route did not exist.
 * 2. Take one press from the caller's hourly allowance (by an HMAC of its address, never the
 *    address itself) and from the global one; 429 when either is spent.
 * 3. Create the Cognito user: confirmed, a random permanent password, in the group `both`.
 * 4. Store its profile (the product's beta profile, without admin rights) and the cleanup's tracking
 *    item in one transaction; if that fails, delete the Cognito user again, so nothing half-made
 *    stays behind.
 * 5. Answer the credentials to this caller only: the password is neither stored nor logged.
 */
export const createBetaAccount = async (
  client: { sourceIp: string },
  now = new Date(),
): Promise<BetaCredentials> => {
  if (!config().BETA_ACCESS_ENABLED) throw new NotFoundError(BETA_DISABLED_MESSAGE);

  const { window, expiresAt } = hourlyWindow(now);
  const allowance = await takeBetaAllowance({
    clientKey: clientRateLimitKey(client.sourceIp, await readSecret('rateLimitKey')),
    window,
    expiresAt,
    perClient: BETA_RATE_LIMITS.perClientPerHour,
    global: BETA_RATE_LIMITS.globalPerHour,
  });
  if (allowance === 'client') throw new TooManyRequestsError(BETA_CLIENT_LIMIT_MESSAGE);
  if (allowance === 'global') throw new TooManyRequestsError(BETA_GLOBAL_LIMIT_MESSAGE);

  const email = generateBetaEmail();
  const password = generateBetaPassword();
  const { sub } = await createPoolUser({ email, password, group: 'both' });
  const profile = betaProfileItem({ id: sub, email, now });
  try {
    await storeBetaAccount(profile, betaAccountItem(profile));
  } catch (error) {
    await deletePoolUser(email).catch((deleteError: unknown) => {
      logger.error('A beta user without a profile was not deleted', {
        userId: sub,
        error: deleteError instanceof Error ? deleteError.name : String(deleteError),
      });
    });
    throw error;
  }
  logger.info('Beta account created', { userId: sub, expiresAt: profile.beta_expires_at });
  return { email, password, expires_at: profile.beta_expires_at! };
};

/** The seller domain's part of removing an account (injected: the seller domain imports this one). */
export interface BetaCleanupDependencies {
  /** Archives every template the account uploaded, so they leave the catalog; idempotent. */
  archiveTemplatesOf: (sellerId: string) => Promise<number>;
}

export interface BetaCleanupResult {
  closed: number;
  /** Accounts whose removal failed this run; their tracking items stay for the next run. */
  failed: number;
}

/** Accounts closed per run at most: far above what the hourly creation cap lets expire. */
const BETA_CLEANUP_BATCH = 200;

/**
 * One expired beta account, removed. Idempotent: each step tolerates having run before, and the
 * tracking item goes last, so a failed run is completed by the next one.
 *
 * 1. Delete the Cognito user (a missing one is fine): no new sign-in or token refresh.
 * 2. Close the profile: an ID token issued before stays valid up to an hour, and must get 401.
 * 3. Archive its templates through the seller domain (status counters, catalog bump).
 * 4. Remove the tracking item.
 */
const closeBetaAccount = async (
  item: BetaAccountItem,
  dependencies: BetaCleanupDependencies,
  now: string,
): Promise<void> => {
  await deletePoolUser(item.email);
  await closeProfile(item.user_id, now);
  const archived = await dependencies.archiveTemplatesOf(item.user_id);
  await removeBetaAccountTracking(item);
  logger.info('Beta account closed', { userId: item.user_id, archivedTemplates: archived });
};

/**
 * The hourly cleanup (schedule `closeExpiredBetaAccounts`): removes every beta account past its
 * `beta_expires_at`. One account failing does not stop the others.
 */
export const closeExpiredBetaAccounts = async (
  dependencies: BetaCleanupDependencies,
  now = new Date(),
): Promise<BetaCleanupResult> => {
  const nowIso = now.toISOString();
  const result: BetaCleanupResult = { closed: 0, failed: 0 };
  for (const item of await listExpiredBetaAccounts(nowIso, BETA_CLEANUP_BATCH)) {
    try {
      await closeBetaAccount(item, dependencies, nowIso);
      result.closed += 1;
    } catch (error) {
      result.failed += 1;
      logger.error('Beta account not closed; the next run retries it', {
        userId: item.user_id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
};

/**
 * P14 as a transaction item, for the domain that records a download (docs/data-model.md, section 4.1):
 * one download less, counted against the day, conditioned on a download being left (and the daily
 * limit). `sameDay`: the caller's last download was today, so the day counter goes on; otherwise
 * it starts again at 1. A refusal means the quota or the day moved: the caller re-reads.
 */
export const spendDownloadWrite = (input: {
  userId: string;
  sameDay: boolean;
  dailyLimit: number | null;
  now: string;
}) => {
  const today = input.now.slice(0, 10);
  const { sameDay, dailyLimit } = input;
  return spendDownload(input.userId, today, sameDay, dailyLimit, input.now);
};

/** P14b as a transaction item: a free template's download counts the day, not the quota. */
export const freeDownloadWrite = (input: {
  userId: string;
  sameDay: boolean;
  dailyLimit: number | null;
  now: string;
}) =>
  countFreeDownload(
    input.userId,
    input.now.slice(0, 10),
    input.sameDay,
    input.dailyLimit,
    input.now,
  );

/** The Stripe ids and quota a money flow needs; `null` when the user has no profile. */
export interface BillingProfile {
  id: string;
  email: string;
  displayName: string | null;
  username: string | null;
  stripeCustomerId: string | null;
  stripeAccountId: string | null;
  stripePayoutsEnabled: boolean;
  stripeDetailsSubmitted: boolean;
  downloadsRemaining: number;
  downloadQuota: number;
  lastQuotaResetAt: string | null;
}

/** The caller's billing-relevant profile fields, read consistently. */
export const getBillingProfile = async (id: string): Promise<BillingProfile | null> => {
  const item = await getProfileById(id);
  if (!item) return null;
  return {
    id: item.id,
    email: item.email,
    displayName: item.display_name ?? null,
    username: item.username ?? null,
    stripeCustomerId: item.stripe_customer_id ?? null,
    stripeAccountId: item.stripe_account_id ?? null,
    stripePayoutsEnabled: item.stripe_payouts_enabled ?? false,
    stripeDetailsSubmitted: item.stripe_details_submitted ?? false,
    downloadsRemaining: item.downloads_remaining,
    downloadQuota: item.download_quota,
    lastQuotaResetAt: item.last_quota_reset_at ?? null,
  };
};

/**
 * Stores the user's Stripe customer once; when another request stored one first, that one is
 * returned (the caller then uses it, so a user never has two customers in our records).
 */
export const recordStripeCustomer = async (id: string, customerId: string): Promise<string> => {
  if (await setStripeCustomerIfAbsent(id, customerId, new Date().toISOString())) return customerId;
  const stored = await getProfileById(id);
  if (!stored?.stripe_customer_id) throw new Error(`Profile ${id} has no Stripe customer`);
  return stored.stripe_customer_id;
};

/** Stores the seller's Connect account once; returns the stored one after a lost race. */
export const recordStripeAccount = async (id: string, accountId: string): Promise<string> => {
  if (await setStripeAccountIfAbsent(id, accountId, new Date().toISOString())) return accountId;
  const stored = await getProfileById(id);
  if (!stored?.stripe_account_id) throw new Error(`Profile ${id} has no Connect account`);
  return stored.stripe_account_id;
};

export { connectStatusWrite, quotaChangeWrite, quotaResetWrite };

/** The seller's GitHub App installation; a reinstall replaces it. */
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
