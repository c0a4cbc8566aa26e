/**
 * "Manage billing": Stripe's customer portal, where the buyer changes the card (a failed renewal
 * is paid again at once) and reads their invoices and receipts.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '@/lib/api-error';
import { useOpenBillingPortal } from '../api/open-billing-portal';

export interface ManageBillingButtonProps {
  /** The words on the button: "Update card" where a payment failed. */
  label?: string;
  /** The emphasised look, where fixing the card is the one thing to do. */
  primary?: boolean;
}

export function ManageBillingButton({
  label = 'Manage billing',
  primary = false,
}: ManageBillingButtonProps) {
  const portal = useOpenBillingPortal();
  return (
    <Stack gap="1">
      <Button
        size="sm"
        variant={primary ? 'solid' : 'outline'}
        colorPalette={primary ? 'red' : 'purple'}
        loading={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate()}
        data-testid="manage-billing"
      >
        {label}
      </Button>
      {portal.isError && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {errorMessage(portal.error)}
        </Text>
      )}
    </Stack>
  );
}
