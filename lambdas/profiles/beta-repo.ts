/**
 * Beta accounts' data access (docs/data-model.md, section 3.1 P18–P19, sections 3.18, 3.19): storing a beta
 * account with its tracking item, the sign-up allowances, and the hourly cleanup's reads and writes.
 */
import { BetaAccountEntity, type BetaAccountItem } from '../shared/db/entities/beta-account';
import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';
import { RateLimitEntity } from '../shared/db/entities/rate-limit';
import { transactWrite } from '../shared/db/transaction';
import { CONFLICT_DELAY_MS, RETRY, retry } from '../shared/retry';
import { userSearchWrites, usernameIsStill } from './search-repo';
import { BETA_GLOBAL_RATE_LIMIT_KEY } from './beta-accounts';
import { getProfileById } from './repo';

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

const notTaken = (codes: unknown) =>
  new Error(`Beta rate limit not taken: ${JSON.stringify(codes)}`);

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
  let codes: unknown;
  return retry(
    async () => {
      const result = await transactWrite({
        client: hitCounter(allowance.clientKey, allowance, allowance.perClient),
        global: hitCounter(BETA_GLOBAL_RATE_LIMIT_KEY, allowance, allowance.global),
      });
      if (!result.canceled) return 'taken';
      if (result.failed('client') === 'ConditionalCheckFailed') return 'client';
      if (result.failed('global') === 'ConditionalCheckFailed') return 'global';
      codes = result.codes;
      if (!result.any('TransactionConflict')) throw notTaken(codes);
      return RETRY;
    },
    {
      attempts: RATE_LIMIT_ATTEMPTS,
      baseDelayMs: CONFLICT_DELAY_MS,
      exhausted: () => notTaken(codes),
    },
  );
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
 * `closed_at` (the first one is kept), no seller approval (its downloads end with its entitlement,
 * which the cleanup's caller hands in), with its search index
 * items (now not approved) in the same transaction, conditioned on the username and role read (a
 * change meanwhile re-reads and retries). TTL still deletes it. A profile already gone is fine.
 */
export const closeProfile = async (id: string, now: string): Promise<void> => {
  let codes: unknown;
  await retry(
    async () => {
      const current = await getProfileById(id);
      if (!current) return;
      const result = await transactWrite({
        profile: ProfileEntity.patch({ id })
          .ifNotExists({ closed_at: now })
          .set({ is_seller_approved: false, updated_at: now })
          .where(
            (attr, op) =>
              `${usernameIsStill(current.username, attr, op)} AND ${op.eq(attr.role, current.role)}`,
          ),
        search: userSearchWrites({ ...current, is_seller_approved: false }),
      });
      if (!result.canceled) return;
      codes = result.codes;
      return RETRY;
    },
    {
      attempts: CLOSE_PROFILE_ATTEMPTS,
      baseDelayMs: CONFLICT_DELAY_MS,
      exhausted: () => new Error(`Closing profile ${id} failed: ${JSON.stringify(codes)}`),
    },
  );
};

/** B2: the tracking item goes last, once everything else of the account is removed. */
export const removeBetaAccountTracking = async (item: BetaAccountItem): Promise<void> => {
  await BetaAccountEntity.delete({
    beta_expires_at: item.beta_expires_at,
    user_id: item.user_id,
  }).go();
};
