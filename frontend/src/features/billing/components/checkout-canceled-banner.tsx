/**
 * The note Stripe's cancel URL brings back (`?canceled=true`): the buyer left Checkout and was not
 * charged. Shown on /pricing and on a template's page (a one-time purchase returns there).
 */
import { useSearchParams } from 'react-router';
import { CHECKOUT_MESSAGES } from '@contract/checkout-messages';
import { FormAlert } from '@/components/form/form-alert';
import { CANCELED_PARAM } from '../lib/checkout';

export function CheckoutCanceledBanner() {
  const [search] = useSearchParams();
  if (search.get(CANCELED_PARAM) !== 'true') return null;
  return (
    <FormAlert
      status="warning"
      title={CHECKOUT_MESSAGES.canceled}
      data-testid="checkout-canceled"
    />
  );
}
