/**
 * Signing up through Cognito, one flow for both places people create an account: `/auth` (buyers
 * and sellers) and the seller application wizard (`/sell`).
 *
 * 1. `signUp`: the account, its role stored as `custom:role`; Cognito mails a confirmation code
 *    unless the pool confirms by itself (locally, `npm start` prints the code);
 * 2. `confirmAndSignIn`: the code, then a sign-in with the password just chosen, so the person
 *    is signed in at once (`resendCode` when the code got lost);
 * 3. what each entry point does next (go on to the page they wanted; store the application).
 *
 * Sign-in is SRP in the cloud and USER_PASSWORD_AUTH locally (lib/amplify.ts); an account with an
 * authenticator app answers one more step, its 6-digit code (`confirmTotpCode`). Every call has a
 * time limit (auth-errors.ts): a sign-in service that does not answer is said in words.
 */
import type { Role } from '@contract/profile';
import { authFlowType, loadAuth } from './amplify';
import { withinAuthTimeLimit } from './auth-errors';

export interface AccountCredentials {
  email: string;
  password: string;
}

/**
 * What a sign-in leads to: done, the account still needs its e-mail confirmed, or the code of its
 * authenticator app is asked for.
 */
export type SignInOutcome = 'signedIn' | 'confirmSignUp' | 'confirmTotp';

export async function signInWithPassword({
  email,
  password,
}: AccountCredentials): Promise<SignInOutcome> {
  const { auth } = await loadAuth();
  const result = await withinAuthTimeLimit(
    auth.signIn({ username: email, password, options: { authFlowType: authFlowType() } }),
  );
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'confirmTotp';
  if (!result.isSignedIn) {
    // Other steps (SMS, new password) are not enabled on the pool; say so instead of hanging.
    throw new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`);
  }
  return 'signedIn';
}

/** The authenticator app's code for the sign-in under way; rejects when Cognito refuses it. */
export async function confirmTotpCode(code: string): Promise<void> {
  const { auth } = await loadAuth();
  const result = await withinAuthTimeLimit(
    auth.confirmSignIn({ challengeResponse: code.replace(/\s+/g, '') }),
  );
  if (!result.isSignedIn) {
    throw new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`);
  }
}

/** Step 1. Resolves whether the new account must confirm its e-mail before signing in. */
export async function signUp(
  { email, password }: AccountCredentials,
  role: Extract<Role, 'buyer' | 'seller'>,
): Promise<{ needsConfirmation: boolean }> {
  const { auth } = await loadAuth();
  const result = await withinAuthTimeLimit(
    auth.signUp({
      username: email,
      password,
      options: { userAttributes: { email, 'custom:role': role } },
    }),
  );
  return { needsConfirmation: result.nextStep.signUpStep === 'CONFIRM_SIGN_UP' };
}

export type ConfirmOutcome =
  | { outcome: 'signedIn' }
  /** Confirmed, but not signed in: no password was known, or the sign-in did not complete. */
  | { outcome: 'confirmed'; signInError?: unknown };

/**
 * Step 2. Rejects when Cognito refuses the code. The account is confirmed either way after that,
 * so a failed sign-in is an outcome, not a rejection; `signInError` says why, for a caller that
 * cannot go on without the session (the wizard).
 */
export async function confirmAndSignIn(
  account: { email: string; password?: string },
  code: string,
): Promise<ConfirmOutcome> {
  const { auth } = await loadAuth();
  await withinAuthTimeLimit(
    auth.confirmSignUp({ username: account.email, confirmationCode: code }),
  );
  if (!account.password) return { outcome: 'confirmed' };
  try {
    const signedIn = await signInWithPassword({ email: account.email, password: account.password });
    return signedIn === 'signedIn' ? { outcome: 'signedIn' } : { outcome: 'confirmed' };
  } catch (error) {
    return { outcome: 'confirmed', signInError: error };
  }
}

/**
 * Where the code is when running locally (`npm start`): cognito-local sends no e-mail, it prints
 * the code in the terminal. Shown on every code step.
 */
export const LOCAL_CODE_HINT =
  'Running locally: no e-mail is sent, the code is printed in the terminal running npm start.';

/** A fresh code (Cognito only: cognito-local cannot resend, the code is in the terminal). */
export async function resendCode(email: string): Promise<void> {
  const { auth } = await loadAuth();
  await auth.resendSignUpCode({ username: email });
}
