/** Password sign-in through Cognito (USER_PASSWORD_AUTH in both targets). */
import * as z from 'zod';
import { AUTH_FLOW_TYPE, loadAuth } from '../../../lib/amplify';
import { emailField, passwordField } from '../lib/credential-fields';

export const signInSchema = z.object({ email: emailField, password: passwordField });
export type SignInInput = z.output<typeof signInSchema>;

/** What the screen does next: done, or the account still needs its e-mail confirmed. */
export type SignInOutcome = 'signedIn' | 'confirmSignUp';

export async function signInWithPassword({ email, password }: SignInInput): Promise<SignInOutcome> {
  const { auth } = await loadAuth();
  const result = await auth.signIn({
    username: email,
    password,
    options: { authFlowType: AUTH_FLOW_TYPE },
  });
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (!result.isSignedIn) {
    // Other steps (MFA, new password) are not enabled on the pool; say so instead of hanging.
    throw new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`);
  }
  return 'signedIn';
}
