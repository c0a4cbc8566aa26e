/**
 * MVP reviews: templates waiting for review and those whose
 * processing failed (with `last_processing_error`), oldest first; approve publishes one (in the
 * catalog at once), reject asks for a reason the seller is sent. Both notify the seller.
 */
import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import {
  PENDING_MVP_FILTERS,
  PENDING_MVP_STATUSES,
  type PendingMvp,
  type PendingMvpFilter,
} from '@contract/admin-mvps';
import { errorMessage } from '../../../lib/api-error';
import { useApproveMvp } from '../api/approve-mvp';
import { usePendingMvps } from '../api/get-pending-mvps';
import { MVP_FILTER_LABELS } from '../lib/mvp-review';
import { AdminQueue, type QueueOutcome } from './admin-queue';
import { PendingMvpCard } from './pending-mvp-card';
import { RejectMvpDialog } from './reject-mvp-dialog';

export default function MvpReviewsTab() {
  const [status, setStatus] = useState<PendingMvpFilter>('pending');
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);
  const [rejecting, setRejecting] = useState<PendingMvp | null>(null);
  const mvps = usePendingMvps(status);
  const approve = useApproveMvp();
  const counts = mvps.data?.counts;
  const countOf = (filter: PendingMvpFilter): number | undefined =>
    counts &&
    (filter === 'pending'
      ? PENDING_MVP_STATUSES.reduce((sum, each) => sum + counts[each], 0)
      : counts[filter]);

  const approveMvp = async (mvp: PendingMvp) => {
    setOutcome(null);
    try {
      const result = await approve.mutateAsync(mvp);
      setOutcome({ status: 'success', text: `${mvp.title}: ${result.message}` });
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) });
    }
  };

  return (
    <AdminQueue
      title="MVP Reviews"
      testId="admin-mvps"
      statuses={PENDING_MVP_FILTERS}
      labels={MVP_FILTER_LABELS}
      status={status}
      onStatusChange={setStatus}
      countOf={countOf}
      outcome={outcome}
      outcomeTestId="mvp-action-result"
      query={{ isPending: mvps.isPending, isError: mvps.isError, data: mvps.data?.items }}
      errorText={errorMessage(mvps.error)}
      emptyText="Nothing to review."
      emptyTestId="no-pending-mvps"
      footer={
        <RejectMvpDialog
          mvp={rejecting}
          onClose={() => setRejecting(null)}
          onRejected={(mvp, message) => {
            setRejecting(null);
            setOutcome({ status: 'success', text: `${mvp.title}: ${message}` });
          }}
        />
      }
    >
      {(items) => (
        <Stack gap="3">
          {items.map((mvp) => (
            <PendingMvpCard
              key={mvp.id}
              mvp={mvp}
              approving={approve.isPending && approve.variables.id === mvp.id}
              onApprove={() => void approveMvp(mvp)}
              onReject={() => setRejecting(mvp)}
            />
          ))}
        </Stack>
      )}
    </AdminQueue>
  );
}
