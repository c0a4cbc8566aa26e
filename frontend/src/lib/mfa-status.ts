/**
 * Whether the signed-in user has an authenticator app (TOTP) turned on, and whether this site
 * requires one of admins: the cloud does (its API refuses admin routes otherwise), the local
 * stack does not (docs/operations.md, "Admin MFA").
 */
import { loadAuth } from './amplify';
import { authErrorMessage } from './auth-errors';
import { getRuntimeConfig } from './runtime-config';

export const TOTP_SIGN_IN_REFUSED_MESSAGE =
  'That code did not match. Enter the newest code from your authenticator app.';
export const TOTP_SIGN_IN_EXPIRED_MESSAGE =
  'This sign-in has timed out. Start again with your e-mail and password.';

/**
 * Why sign-in's code step failed, in words: a code Cognito did not accept, a sign-in left open
 * too long (Cognito's session for the code lasts 3 minutes), or the sign-in's own failures.
 */
export function totpSignInFailure(error: unknown): { message: string; startAgain: boolean } {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'CodeMismatchException') {
    return { message: TOTP_SIGN_IN_REFUSED_MESSAGE, startAgain: false };
  }
  if (name === 'NotAuthorizedException' || name === 'SignInException') {
    return { message: TOTP_SIGN_IN_EXPIRED_MESSAGE, startAgain: true };
  }
  return { message: authErrorMessage(error, 'signIn'), startAgain: false };
}

export async function isTotpEnabled(): Promise<boolean> {
  const { auth } = await loadAuth();
  const preference = await auth.fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

export const adminMfaRequired = (): boolean => getRuntimeConfig().mode === 'cloud';
