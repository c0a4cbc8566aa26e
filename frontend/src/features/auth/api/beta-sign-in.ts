/**
 * Beta access: the API creates a fresh beta account for this press (only while beta access is
 * switched on) and answers its sign-in, and the browser signs in with Cognito like any other user
 * at once; the password is not kept or shown. No profile is faked in the browser: the account's
 * real profile comes from `GET /api/me`.
 */
import type { BetaCredentials } from '@contracts/beta';
import { apiRequest } from '../../../lib/api-client';
import { signInWithPassword } from './sign-in';

export async function signInWithBetaAccess(): Promise<void> {
  const credentials = await apiRequest<BetaCredentials>('/auth/beta', { method: 'POST' });
  const outcome = await signInWithPassword(credentials);
  if (outcome !== 'signedIn') throw new Error('The beta account did not sign in.');
}
