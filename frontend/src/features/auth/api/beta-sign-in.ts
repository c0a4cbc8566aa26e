/**
 * Beta access: the API hands out the seeded beta account's sign-in (only while beta access is
 * switched on), and the browser signs in with Cognito like any other user. No profile is faked in
 * the browser: the beta account's real profile comes from `GET /api/me`.
 */
import type { BetaCredentials } from '@contracts/beta';
import { apiRequest } from '../../../lib/api-client';
import { signInWithPassword } from './sign-in';

export async function signInWithBetaAccess(): Promise<void> {
  const credentials = await apiRequest<BetaCredentials>('/auth/beta', { method: 'POST' });
  const outcome = await signInWithPassword(credentials);
  if (outcome !== 'signedIn') throw new Error('The beta account is not confirmed.');
}
