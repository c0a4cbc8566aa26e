/**
 * Beta access: the API creates a fresh beta account for this press (only while beta access is
 * switched on) and answers its sign-in, and the browser signs in with Cognito like any other user
 * at once; the password is not kept or shown. No profile is faked in the browser: the account's
 * real profile comes from `GET /api/me`.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { signInWithPassword } from '@/lib/sign-up-flow';

export function useBetaSignIn() {
  return useMutation({
    mutationFn: async () => {
      const credentials = await api('POST /api/auth/beta');
      const outcome = await signInWithPassword(credentials);
      if (outcome !== 'signedIn') throw new Error('The beta account did not sign in.');
    },
  });
}
