/**
 * The pure parts of beta access: the account's e-mail and password, the product's
 * profile, and the rate-limit keys and windows. No I/O here; `service.ts` runs the steps.
 */
import { randomBytes, randomInt } from 'node:crypto';
import {
  BETA_ACCOUNT_LIFETIME_HOURS,
  BETA_PROFILE,
  BETA_PROFILE_TTL_GRACE_SECONDS,
} from '../../contract/beta';
import type { BetaAccountItem } from '../shared/db/entities/beta-account';
import type { ProfileItem } from '../shared/db/entities/profile';
import { clientKeyOf, clientNetworkOf, hourlyWindow } from '../shared/http/client-rate-limit';

/**
 * How many beta accounts may be started per hour: from one client network, and in all. Each
 * account lives a day, so at most 24 × `globalPerHour` exist at once, whatever anyone does.
 */
export const BETA_RATE_LIMITS = { perClientPerHour: 3, globalPerHour: 50 } as const;

export { BETA_PROFILE_TTL_GRACE_SECONDS };

/** The key of the global beta counter. */
export const BETA_GLOBAL_RATE_LIMIT_KEY = 'beta-global';

const HOUR_MS = 60 * 60 * 1000;

// Look-alike characters (0/O, 1/l/I) are left out; symbols are ones Cognito accepts.
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '-_.!@#%+=';

/** Far above the pool's minimum (auth-design.ts), ~140 bits of entropy. */
export const BETA_PASSWORD_LENGTH = 24;

const pick = (alphabet: string): string => alphabet[randomInt(alphabet.length)]!;

/**
 * A random password for one beta account: every character class at least once, so it satisfies
 * the pool's policy however strict it is set (lower, upper, digit, symbol), then shuffled with the
 * same cryptographic source so the guaranteed characters are not always in front.
 */
export const generateBetaPassword = (): string => {
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < BETA_PASSWORD_LENGTH) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
};

/** A unique address under `.invalid` (RFC 2606): valid for Cognito, never deliverable. */
export const generateBetaEmail = (): string =>
  `beta-${randomBytes(8).toString('hex')}@beta.invalid`;

/**
 * The rate-limit key of a client: an HMAC of its network (lambdas/shared/http/client-rate-limit.ts),
 * so the table never holds an IP address.
 */
export const clientRateLimitKey = (sourceIp: string, hmacKey: string): string =>
  clientKeyOf('beta-client', sourceIp, hmacKey);

export { clientNetworkOf, hourlyWindow };

/** When a beta account started at `now` is removed. */
export const betaExpiryOf = (now: Date): string =>
  new Date(now.getTime() + BETA_ACCOUNT_LIFETIME_HOURS * HOUR_MS).toISOString();

/**
 * The product's beta profile: role both, approved seller, "Beta Tester". `beta_expires_at` takes
 * its admin rights away (contracts/profile.ts); TTL deletes the item a day after the cleanup closed
 * it. Its 999 downloads with a daily limit of 50 are the beta account's default entitlement
 * (`defaultEntitlementOf`, lambdas/shared/db/entities/entitlement.ts): nothing is written for them.
 */
export const betaProfileItem = (input: { id: string; email: string; now: Date }): ProfileItem => {
  const now = input.now.toISOString();
  const expiresAt = betaExpiryOf(input.now);
  return {
    id: input.id,
    email: input.email,
    display_name: BETA_PROFILE.displayName,
    role: 'both',
    is_seller_approved: true,
    beta_expires_at: expiresAt,
    expires_at: Math.floor(Date.parse(expiresAt) / 1000) + BETA_PROFILE_TTL_GRACE_SECONDS,
    created_at: now,
    updated_at: now,
  };
};

/** The cleanup's tracking item of a beta profile. */
export const betaAccountItem = (profile: ProfileItem): BetaAccountItem => ({
  user_id: profile.id,
  email: profile.email,
  beta_expires_at: profile.beta_expires_at!,
  created_at: profile.created_at,
});
