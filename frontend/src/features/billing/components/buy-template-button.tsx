/**
 * "Buy for £X" on a one-time-sale template: Stripe Checkout in payment mode at the
 * template's own price (the server reads it; the page only names the template). A visitor is
 * asked to sign in first, as Download does; a failure says why in place.
 */
import { useState } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { LuShoppingCart } from 'react-icons/lu';
import { formatGbp, toPence } from '@contract/money';
import { useSession } from '@/lib/auth-session';
import { useStartCheckout } from '../api/start-checkout';
import { checkoutFailure, templateReturnUrls } from '../lib/checkout';
import { SignInLink } from '@/components/sign-in-link';

export const SIGN_IN_TO_BUY = 'Please sign in to buy this template.';

export interface BuyTemplateButtonProps {
  mvpId: string;
  /** The template's price in pounds, as the catalog gives it. */
  price: number | null;
}

export function BuyTemplateButton({ mvpId, price }: BuyTemplateButtonProps) {
  const { session } = useSession();
  const checkout = useStartCheckout();
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  const pence = price === null ? null : toPence(price);

  const buy = () => {
    if (session.status !== 'signedIn') {
      setAskedToSignIn(true);
      return;
    }
    checkout.mutate({
      mode: 'payment',
      mvp_id: mvpId,
      ...templateReturnUrls(window.location.origin, mvpId),
    });
  };

  return (
    <Stack gap="3">
      <Button
        colorPalette="purple"
        onClick={buy}
        // A stored session is read on load: until then a press would be taken for a signed-out one.
        loading={session.status === 'loading' || checkout.isPending || checkout.isSuccess}
        loadingText={session.status === 'loading' ? undefined : 'Redirecting…'}
        data-testid="buy-template"
      >
        <LuShoppingCart /> {pence === null ? 'Buy' : `Buy for ${formatGbp(pence)}`}
      </Button>
      {askedToSignIn && session.status !== 'signedIn' && (
        <Alert.Root status="warning" size="sm" data-testid="buy-message">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{SIGN_IN_TO_BUY}</Alert.Title>
            <Alert.Description>
              <SignInLink />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {checkout.isError && (
        <Alert.Root status="error" size="sm" data-testid="buy-message">
          <Alert.Indicator />
          <Alert.Title>{checkoutFailure(checkout.error)}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
