/**
 * `POST /api/billing/checkout`: opens a Stripe Checkout session (a plan's subscription, or one
 * template bought once) and sends the browser to its hosted page. The mutation stays "successful"
 * while the browser leaves, so the button keeps its spinner instead of offering a second press.
 */
import { useMutation } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES } from '@contract/checkout-messages';
import { api, type ApiBody } from '@/lib/api-client';

export function useStartCheckout() {
  return useMutation({
    mutationFn: async (request: ApiBody<'POST /api/billing/checkout'>) => {
      const result = await api('POST /api/billing/checkout', { body: request });
      if (!result.url) throw new Error(CHECKOUT_MESSAGES.noUrl);
      return result;
    },
    onSuccess: (result) => {
      window.location.assign(result.url);
    },
  });
}
