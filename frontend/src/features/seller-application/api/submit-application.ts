/**
 * `POST /api/seller-applications` as the new account (seller spec §2, §7 "Seller sign-up"). The
 * wizard creates and confirms the account through the shared sign-up flow (lib/sign-up-flow.ts)
 * and signs in, so the application is stored under the account's verified identity (the password
 * never reaches our API); then it signs out again: the applicant signs in on /auth, where the
 * wizard sends them with a message.
 */
import { useMutation } from '@tanstack/react-query';
import type { SellerApplicationBody } from '@contracts/seller-applications';
import { api } from '../../../lib/api-client';
import { loadAuth } from '../../../lib/amplify';

export function useSubmitApplication() {
  return useMutation({
    mutationFn: async (application: SellerApplicationBody) => {
      try {
        return await api('POST /api/seller-applications', { body: application });
      } finally {
        const { auth } = await loadAuth();
        await auth.signOut();
      }
    },
  });
}
