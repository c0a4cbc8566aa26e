/**
 * `POST /api/billing/portal`: opens Stripe's customer portal (card, invoices, receipts) for the
 * caller and sends the browser there; it comes back to the page it left.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: () =>
      api('POST /api/billing/portal', { body: { return_url: window.location.href } }),
    onSuccess: (result) => {
      window.location.assign(result.url);
    },
  });
}
