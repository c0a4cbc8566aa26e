/**
 * `POST /api/connect/account-link`: a one-time Stripe onboarding link for the seller's Connect
 * account (created on the first call); the browser follows it. Stripe brings the seller back to
 * `/payouts?status=success`, or to `/connect-stripe?status=refresh` when the link expired.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useCreateAccountLink() {
  return useMutation({
    mutationFn: () => api('POST /api/connect/account-link'),
    onSuccess: (result) => {
      window.location.assign(result.account_link_url);
    },
  });
}
