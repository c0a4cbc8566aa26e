/**
 * The confirmation before Process Refund: money leaves through Stripe, to the buyer's card, and
 * cannot be taken back from here.
 */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { AdminRefundRequest } from '@contracts/refunds';
import { refundAmounts } from '../lib/refund-queue';

export interface ProcessRefundDialogProps {
  /** The request to confirm; `null` keeps the dialog closed. */
  request: AdminRefundRequest | null;
  processing: boolean;
  onCancel: () => void;
  onConfirm: (request: AdminRefundRequest) => void;
}

export function ProcessRefundDialog({
  request,
  processing,
  onCancel,
  onConfirm,
}: ProcessRefundDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={request !== null}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="process-refund-dialog">
            <Dialog.Header>
              <Dialog.Title>Process this refund?</Dialog.Title>
            </Dialog.Header>
            {request && (
              <Dialog.Body>
                <Stack gap="3">
                  <Text>
                    {refundAmounts(request).requested} will be refunded to {request.user_email}{' '}
                    through Stripe, on the card that paid for the subscription.
                  </Text>
                  <Text color="fg.muted">This moves money and cannot be undone here.</Text>
                </Stack>
              </Dialog.Body>
            )}
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={processing}>
                Cancel
              </Button>
              <Button
                colorPalette="purple"
                loading={processing}
                onClick={() => request && onConfirm(request)}
              >
                Process Refund
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
