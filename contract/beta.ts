/**
 * `POST /api/auth/beta`: a fresh beta account for the caller alone (role both,
 * approved seller, 999 downloads, daily limit 50), removed with its data after a day.
 */
export interface BetaCredentials {
  email: string;
  /** Random, for this caller only; the browser signs in with it at once and never shows it. */
  password: string;
  /** ISO time after which the account and its data are removed. */
  expires_at: string;
}

/** How long a beta account lives. */
export const BETA_ACCOUNT_LIFETIME_HOURS = 24;

/** The product's beta profile. */
export const BETA_PROFILE = {
  displayName: 'Beta Tester',
  downloads: 999,
  dailyDownloadLimit: 50,
} as const;

/**
 * TTL removes a closed beta profile (and its entitlement) this long after its expiry: the hourly
 * cleanup closes it first.
 */
export const BETA_PROFILE_TTL_GRACE_SECONDS = 24 * 60 * 60;

export const BETA_LOGIN_FAILED_MESSAGE = 'Beta login failed';
export const BETA_DISABLED_MESSAGE = 'Beta access is not enabled.';
export const BETA_EXPIRY_NOTICE = `This beta account and its data are removed after ${BETA_ACCOUNT_LIFETIME_HOURS} hours.`;
export const BETA_CLIENT_LIMIT_MESSAGE =
  'Too many beta accounts were started from your network. Please try again in an hour.';
export const BETA_GLOBAL_LIMIT_MESSAGE =
  'Beta access is busy right now. Please try again in an hour.';
/** `GET /api/me` (and every route that loads the profile) for a removed beta account. */
export const ACCOUNT_CLOSED_MESSAGE = 'This account was closed.';
