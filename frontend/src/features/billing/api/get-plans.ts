/**
 * `GET /api/billing/plans` (public): each plan's Stripe price id and whether payments go to Stripe
 * or to the local Stripe-compatible server. Prices are server configuration and change only with
 * a deploy, so the answer is kept for the visit.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export function useBillingPlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => api('GET /api/billing/plans', { signal }),
    staleTime: Infinity,
  });
}
