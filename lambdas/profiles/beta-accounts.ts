/**
 * The pure parts of beta access (buyer spec §6): the account's e-mail and password, the spec's
 * profile, and the rate-limit keys and windows. No I/O here; `service.ts` runs the steps.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { BETA_ACCOUNT_LIFETIME_HOURS, BETA_PROFILE } from '../shared/contracts/beta';
import type { BetaAccountItem } from '../shared/db/entities/beta-account';
import type { ProfileItem } from '../shared/db/entities/profile';

/**
 * How many beta accounts may be started per hour: from one client network, and in all. Each
 * account lives a day, so at most 24 × `globalPerHour` exist at once, whatever anyone does.
 */
export const BETA_RATE_LIMITS = { perClientPerHour: 3, globalPerHour: 50 } as const;

/** The cleanup runs hourly; TTL removes a closed profile this long after its expiry. */
export const BETA_PROFILE_TTL_GRACE_SECONDS = 24 * 60 * 60;

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

/** The eight hextets of an IPv6 address (`::` expanded, an embedded IPv4 tail converted). */
const ipv6Hextets = (address: string): string[] => {
  let text = address;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = Array<string>(tail === undefined ? 0 : 8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((part) => part.replace(/^0+(?=.)/, ''));
};

/**
 * What one client is, for the limit: an IPv4 address as is (an IPv4-mapped IPv6 one unwrapped),
 * an IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise take a new address per press.
 */
export const clientNetworkOf = (sourceIp: string): string => {
  const address = sourceIp.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${ipv6Hextets(address).slice(0, 4).join(':')}::/64`;
  return address;
};

/**
 * The rate-limit key of a client: an HMAC of its network with a secret key, so the table never
 * holds an IP address, and the keys cannot be reversed by hashing all four billion IPv4 addresses.
 */
export const clientRateLimitKey = (sourceIp: string, hmacKey: string): string =>
  `beta-client-${createHmac('sha256', hmacKey).update(clientNetworkOf(sourceIp)).digest('hex').slice(0, 32)}`;

/** The fixed hourly window around `now` (UTC) and when its counters may expire. */
export const hourlyWindow = (now: Date): { window: string; expiresAt: number } => {
  const start = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return {
    window: new Date(start).toISOString().slice(0, 13),
    // An hour after the window ends: TTL is late anyway, and nothing reads an old window.
    expiresAt: (start + 2 * HOUR_MS) / 1000,
  };
};

/** When a beta account started at `now` is removed. */
export const betaExpiryOf = (now: Date): string =>
  new Date(now.getTime() + BETA_ACCOUNT_LIFETIME_HOURS * HOUR_MS).toISOString();

/**
 * The spec's beta profile (buyer spec §6, §10): role both, approved seller, 999 downloads with a
 * daily limit of 50, "Beta Tester". `beta_expires_at` takes its admin rights away
 * (contracts/profile.ts); TTL deletes the item a day after the cleanup closed it.
 */
export const betaProfileItem = (input: { id: string; email: string; now: Date }): ProfileItem => {
  const now = input.now.toISOString();
  const expiresAt = betaExpiryOf(input.now);
  return {
    id: input.id,
    email: input.email,
    display_name: BETA_PROFILE.displayName,
    role: 'both',
    downloads_remaining: BETA_PROFILE.downloads,
    download_quota: BETA_PROFILE.downloads,
    daily_download_limit: BETA_PROFILE.dailyDownloadLimit,
    downloads_today: 0,
    last_quota_reset_at: now,
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
