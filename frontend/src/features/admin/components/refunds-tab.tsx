/**
 * Refund requests: the queue of one status, approve or reject a
 * pending request, Process Refund of an approved one after a confirmation (the money goes back
 * through Stripe). What an action did, or why it failed, is shown in an alert above the queue.
 */
import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { REFUND_STATUSES, type AdminRefundRequest, type RefundStatus } from '@contract/refunds';
import { errorMessage } from '@/lib/api-error';
import { REFUND_STATUS_LABELS } from '@/lib/status-palettes';
import { useApproveRefundRequest } from '../api/approve-refund-request';
import { useAdminRefundRequests } from '../api/get-refund-requests';
import { useProcessRefundRequest } from '../api/process-refund-request';
import { useRejectRefundRequest } from '../api/reject-refund-request';
import type { RefundAction } from '../lib/refund-queue';
import { AdminQueue, type QueueOutcome } from './admin-queue';
import { ProcessRefundDialog } from './process-refund-dialog';
import { RefundRequestCard } from './refund-request-card';

/**
 * Approve, reject and process, each saying what it did or why it failed, and which request's button
 * shows the spinner; `settled` closes the confirmation whatever the outcome.
 */
function useRefundActions(setOutcome: (outcome: QueueOutcome | null) => void, settled: () => void) {
  const approve = useApproveRefundRequest();
  const reject = useRejectRefundRequest();
  const process = useProcessRefundRequest();

  const run = async (action: RefundAction, request: AdminRefundRequest) => {
    setOutcome(null);
    try {
      if (action === 'approve') {
        await approve.mutateAsync(request.id);
        setOutcome({
          status: 'success',
          text: `Approved the refund request of ${request.user_email}.`,
        });
      } else if (action === 'reject') {
        await reject.mutateAsync(request.id);
        setOutcome({
          status: 'success',
          text: `Rejected the refund request of ${request.user_email}.`,
        });
      } else {
        const result = await process.mutateAsync(request.id);
        setOutcome({
          status: 'success',
          text: `Refund processed for ${request.user_email} (Stripe refund ${result.refundId}).`,
        });
      }
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) });
    } finally {
      settled();
    }
  };

  /** Which request's button shows the spinner. */
  const busy = (action: RefundAction, request: AdminRefundRequest): boolean => {
    const mutation = { approve, reject, process }[action];
    return mutation.isPending && mutation.variables === request.id;
  };
  return { run, busy, processing: process.isPending };
}

export default function RefundsTab() {
  const [status, setStatus] = useState<RefundStatus>('pending');
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);
  const [confirming, setConfirming] = useState<AdminRefundRequest | null>(null);
  const requests = useAdminRefundRequests(status);
  const { run, busy, processing } = useRefundActions(setOutcome, () => setConfirming(null));

  return (
    <AdminQueue
      title="Refund Requests"
      testId="admin-refunds"
      statuses={REFUND_STATUSES}
      labels={REFUND_STATUS_LABELS}
      status={status}
      onStatusChange={setStatus}
      outcome={outcome}
      outcomeTestId="refund-action-result"
      query={requests}
      emptyText={`No ${REFUND_STATUS_LABELS[status].toLowerCase()} refund requests.`}
      emptyTestId="no-refund-requests"
      footer={
        <ProcessRefundDialog
          request={confirming}
          processing={processing}
          onCancel={() => setConfirming(null)}
          onConfirm={(request) => void run('process', request)}
        />
      }
    >
      {(items) => (
        <Stack gap="3">
          {items.map((request) => (
            <RefundRequestCard
              key={request.id}
              request={request}
              busy={(action) => busy(action, request)}
              onAction={(action) =>
                action === 'process' ? setConfirming(request) : void run(action, request)
              }
            />
          ))}
        </Stack>
      )}
    </AdminQueue>
  );
}
