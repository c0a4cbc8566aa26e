/**
 * MVP reviews: templates waiting for review and those whose
 * processing failed (with `last_processing_error`), oldest first; approve publishes one (in the
 * catalog at once), reject asks for a reason the seller is sent. Both notify the seller. Each row
 * shows its version's security report; one with a critical vulnerability is approved only
 * "anyway", with a reason (audited).
 */
import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import {
  PENDING_TEMPLATE_FILTERS,
  PENDING_TEMPLATE_STATUSES,
  type PendingTemplate,
  type PendingTemplateFilter,
} from '@contract/admin-templates';
import { SECURITY_MESSAGES } from '@contract/security';
import { ApiError, errorMessage } from '@/lib/api-error';
import { useApproveTemplate } from '../api/approve-template';
import { usePendingTemplates } from '../api/get-pending-templates';
import { TEMPLATE_FILTER_LABELS } from '../lib/template-review';
import { AdminQueue, type QueueOutcome } from './admin-queue';
import { PendingTemplateCard } from './pending-template-card';
import { RejectTemplateDialog } from './reject-template-dialog';
import { ApproveAnywayDialog } from './approve-anyway-dialog';

/**
 * The decisions' state, as one object: the outcome line, the open dialog and the approval (asking
 * for a reason on a 409).
 */
function useTemplateDecisions() {
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);
  const [rejecting, setRejecting] = useState<PendingTemplate | null>(null);
  const [overriding, setOverriding] = useState<PendingTemplate | null>(null);
  const approve = useApproveTemplate();
  const approveTemplate = async (template: PendingTemplate) => {
    setOutcome(null);
    try {
      const result = await approve.mutateAsync(template);
      setOutcome({ status: 'success', text: `${template.title}: ${result.message}` });
    } catch (error) {
      // A critical finding the card did not know of yet: ask for the reason instead.
      if (
        error instanceof ApiError &&
        error.status === 409 &&
        error.message === SECURITY_MESSAGES.overrideReasonRequired
      ) {
        setOverriding(template);
        return;
      }
      setOutcome({ status: 'error', text: errorMessage(error) });
    }
  };
  const decided = (template: PendingTemplate, message: string) => {
    setRejecting(null);
    setOverriding(null);
    setOutcome({ status: 'success', text: `${template.title}: ${message}` });
  };
  const approveAnyway = (template: PendingTemplate) => {
    setOutcome(null);
    setOverriding(template);
  };
  return {
    outcome,
    rejecting,
    overriding,
    /** The template whose approval is under way, if any. */
    approvingId: approve.isPending ? approve.variables.id : null,
    reject: setRejecting,
    closeDialogs: () => {
      setRejecting(null);
      setOverriding(null);
    },
    approve: approveTemplate,
    approveAnyway,
    decided,
  };
}

type TemplateDecisions = ReturnType<typeof useTemplateDecisions>;

export default function TemplateReviewsTab() {
  const [status, setStatus] = useState<PendingTemplateFilter>('pending');
  const templates = usePendingTemplates(status);
  const decisions: TemplateDecisions = useTemplateDecisions();
  const counts = templates.data?.counts;
  const countOf = (filter: PendingTemplateFilter): number | undefined =>
    counts &&
    (filter === 'pending'
      ? PENDING_TEMPLATE_STATUSES.reduce((sum, each) => sum + counts[each], 0)
      : counts[filter]);

  return (
    <AdminQueue
      title="MVP Reviews"
      testId="admin-mvps"
      statuses={PENDING_TEMPLATE_FILTERS}
      labels={TEMPLATE_FILTER_LABELS}
      status={status}
      onStatusChange={setStatus}
      countOf={countOf}
      outcome={decisions.outcome}
      outcomeTestId="mvp-action-result"
      query={{
        isPending: templates.isPending,
        isError: templates.isError,
        isFetching: templates.isFetching,
        error: templates.error,
        data: templates.data?.items,
        refetch: templates.refetch,
      }}
      emptyText="Nothing to review."
      emptyTestId="no-pending-mvps"
      footer={
        <>
          <RejectTemplateDialog
            mvp={decisions.rejecting}
            onClose={decisions.closeDialogs}
            onRejected={decisions.decided}
          />
          <ApproveAnywayDialog
            mvp={decisions.overriding}
            onClose={decisions.closeDialogs}
            onApproved={decisions.decided}
          />
        </>
      }
    >
      {(items) => (
        <Stack gap="3">
          {items.map((template) => (
            <PendingTemplateCard
              key={template.id}
              mvp={template}
              approving={decisions.approvingId === template.id}
              onApprove={() => void decisions.approve(template)}
              onApproveAnyway={() => decisions.approveAnyway(template)}
              onReject={() => decisions.reject(template)}
            />
          ))}
        </Stack>
      )}
    </AdminQueue>
  );
}
