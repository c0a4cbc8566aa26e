/**
 * Beta access, the steps with I/O (the pure parts are beta-accounts.ts): a fresh beta account for
 * one caller, and the hourly cleanup of expired ones.
 */
import {
  BETA_CLIENT_LIMIT_MESSAGE,
  BETA_DISABLED_MESSAGE,
  BETA_GLOBAL_LIMIT_MESSAGE,
  BETA_PROFILE_TTL_GRACE_SECONDS,
  type BetaCredentials,
} from '../../contract/beta';
import { createPoolUser, deletePoolUser } from '../shared/adapters/user-pool';
import { config } from '../shared/config';
import { NotFoundError, TooManyRequestsError } from '../shared/errors';
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
  closeProfile,
  listExpiredBetaAccounts,
  removeBetaAccountTracking,
  storeBetaAccount,
  takeBetaAllowance,
} from './beta-repo';
import { type BetaAccountItem } from './repo';

/**
 * `POST /api/auth/beta`: a fresh beta account for this caller alone, removed with
 * its data after a day by `closeExpiredBetaAccounts`.
 *
 * 1. Refuse while beta access is switched off: 404, as if the route did not exist.
 * 2. Take one press from the caller's hourly allowance (by an HMAC of its address, never the
 *    address itself) and from the global one; 429 when either is spent.
 * 3. Create the Cognito user: confirmed, a random permanent password, in the group `both`.
 * 4. Store its profile (the spec's beta profile, without admin rights) and the cleanup's tracking
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
  /**
   * Leaves the account no downloads (its entitlement, which the downloads domain keeps);
   * `expiresAt`: the profile's TTL, for an entitlement this creates. Idempotent.
   */
  endEntitlementOf: (userId: string, now: string, expiresAt: number) => Promise<void>;
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
 * 3. End its entitlement (no downloads left) through the downloads domain.
 * 4. Archive its templates through the seller domain (status counters, catalog bump).
 * 5. Remove the tracking item.
 */
const closeBetaAccount = async (
  item: BetaAccountItem,
  dependencies: BetaCleanupDependencies,
  now: string,
): Promise<void> => {
  await deletePoolUser(item.email);
  await closeProfile(item.user_id, now);
  await dependencies.endEntitlementOf(
    item.user_id,
    now,
    Math.floor(Date.parse(item.beta_expires_at) / 1000) + BETA_PROFILE_TTL_GRACE_SECONDS,
  );
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
