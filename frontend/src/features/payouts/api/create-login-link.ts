/**
 * `POST /api/connect/login-link`: a one-time link into the seller's Stripe Express dashboard; the
 * browser follows it (Stripe's links are single-use and short-lived, so one per click).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useCreateLoginLink() {
  return useMutation({
    mutationFn: () => api('POST /api/connect/login-link'),
    onSuccess: (result) => {
      window.location.assign(result.url);
    },
  });
}
