/** `POST /api/auth/beta`: what the browser needs to sign the seeded beta account in. */
export interface BetaCredentials {
  email: string;
  password: string;
}

export const BETA_LOGIN_FAILED_MESSAGE = 'Beta login failed';
export const BETA_DISABLED_MESSAGE = 'Beta access is not enabled.';
