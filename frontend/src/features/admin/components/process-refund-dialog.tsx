/**
 * The confirmation before Process Refund: money leaves through Stripe, to the buyer's card, and
 * cannot be taken back from here.
 */
import { Text } from '@chakra-ui/react';
import type { AdminRefundRequest } from '@contract/refunds';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { refundAmounts } from '../lib/refund-queue';
import { EmailText } from '@/components/email-text';

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
    <ConfirmDialog
      open={request !== null}
      title="Process this refund?"
      confirmLabel="Process Refund"
      busy={processing}
      onConfirm={() => request && onConfirm(request)}
      onCancel={onCancel}
      testId="process-refund-dialog"
    >
      {request && (
        <Text>
          {refundAmounts(request).requested} will be refunded to{' '}
          <EmailText email={request.user_email} fit="wrap" /> through Stripe, on the card that paid
          for the {request.subscription ? 'subscription' : 'template'}.
        </Text>
      )}
      <Text color="fg.muted">This moves money and cannot be undone here.</Text>
    </ConfirmDialog>
  );
}
