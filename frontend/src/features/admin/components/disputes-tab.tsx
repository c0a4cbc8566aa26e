/**
 * Disputes: the queue of one status, Start Review of an open
 * dispute, and the resolution of one in review (a final status and non-blank details). Both
 * parties are notified and see each step on the dispute page. Failures are shown in alerts.
 */
import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { DISPUTE_STATUSES, type Dispute, type DisputeStatus } from '@contract/disputes';
import { errorMessage } from '@/lib/api-error';
import { useAdminDisputes } from '../api/get-disputes';
import { useStartDisputeReview } from '../api/start-dispute-review';
import { DISPUTE_STATUS_LABELS } from '../lib/dispute-queue';
import { AdminQueue, type QueueOutcome } from './admin-queue';
import { DisputeCard } from './dispute-card';

export default function DisputesTab() {
  const [status, setStatus] = useState<DisputeStatus>('open');
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);
  const disputes = useAdminDisputes(status);
  const startReview = useStartDisputeReview();

  const start = async (dispute: Dispute) => {
    setOutcome(null);
    try {
      await startReview.mutateAsync(dispute.id);
      setOutcome({
        status: 'success',
        text: `The dispute about "${dispute.mvp.title}" is in review.`,
      });
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) });
    }
  };

  return (
    <AdminQueue
      title="Disputes"
      testId="admin-disputes"
      statuses={DISPUTE_STATUSES}
      labels={DISPUTE_STATUS_LABELS}
      status={status}
      onStatusChange={setStatus}
      outcome={outcome}
      outcomeTestId="dispute-action-result"
      query={disputes}
      emptyText={`No disputes with status ${DISPUTE_STATUS_LABELS[status].toLowerCase()}.`}
      emptyTestId="no-disputes"
    >
      {(items) => (
        <Stack gap="3">
          {items.map((dispute) => (
            <DisputeCard
              key={dispute.id}
              dispute={dispute}
              starting={startReview.isPending && startReview.variables === dispute.id}
              onStartReview={() => void start(dispute)}
              onResolved={(resolved) =>
                setOutcome({
                  status: 'success',
                  text: `The dispute about "${resolved.mvp.title}" is ${DISPUTE_STATUS_LABELS[resolved.status].toLowerCase()}.`,
                })
              }
            />
          ))}
        </Stack>
      )}
    </AdminQueue>
  );
}
