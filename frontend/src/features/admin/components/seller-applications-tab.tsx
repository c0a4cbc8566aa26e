/**
 * Applications: the seller applications, pending first (the one waiting longest on top), then the
 * newest decisions. Approve and Reject both ask first; a rejection needs a reason, which the
 * applicant is told. The decision is audited and the applicant notified by the API.
 */
import { useState } from 'react';
import { Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AdminSellerApplication } from '@contract/seller-applications';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useDecideSellerApplication } from '../api/decide-seller-application';
import { useSellerApplications } from '../api/get-seller-applications';
import { RejectApplicationDialog } from './reject-application-dialog';
import { SellerApplicationCard } from './seller-application-card';

interface Outcome {
  status: 'success' | 'error';
  text: string;
}

/** The title, and how many wait once the list has loaded (`pending` undefined until then). */
function ApplicationsHeading(props: { pending: number | undefined }) {
  return (
    <Stack gap="1">
      <Heading as="h2" size="lg">
        Seller Applications
      </Heading>
      {props.pending !== undefined && (
        <Text color="fg.muted" fontSize="sm">
          {props.pending === 0
            ? 'No application waits for a decision.'
            : `${props.pending} waiting for a decision.`}
        </Text>
      )}
    </Stack>
  );
}

/** Asks before approving; open while `application` is set. */
function ApproveApplicationDialog(props: {
  application: AdminSellerApplication | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { application } = props;
  return (
    <ConfirmDialog
      open={application !== null}
      title={`Approve ${application?.full_name ?? 'this applicant'} as a seller?`}
      confirmLabel="Approve"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="approve-application-dialog"
    >
      <Text>
        {application?.email} will be able to upload and sell templates at once, and is told so.
      </Text>
    </ConfirmDialog>
  );
}

export default function SellerApplicationsTab() {
  const applications = useSellerApplications();
  const decide = useDecideSellerApplication();
  const [approving, setApproving] = useState<AdminSellerApplication | null>(null);
  const [rejecting, setRejecting] = useState<AdminSellerApplication | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const items = applications.data?.items ?? [];
  const pending = items.filter((item) => item.status === 'pending').length;

  const approve = async (application: AdminSellerApplication) => {
    setOutcome(null);
    try {
      await decide.mutateAsync({ userId: application.user_id, decision: 'approve' });
      setOutcome({
        status: 'success',
        text: `${application.full_name} is now an approved seller and has been told.`,
      });
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) });
    } finally {
      setApproving(null);
    }
  };

  return (
    <Stack gap="5" data-testid="admin-applications" aria-busy={applications.isPending}>
      <ApplicationsHeading pending={applications.data ? pending : undefined} />
      {outcome && (
        <FormAlert
          status={outcome.status}
          title={outcome.text}
          data-testid="application-action-result"
        />
      )}
      {applications.isPending ? (
        <Skeleton h="40" />
      ) : applications.isError ? (
        <QueryError {...failedQueryProps(applications)} testId="applications-load-error" />
      ) : items.length === 0 ? (
        <Text color="fg.muted" py="6" data-testid="no-applications">
          No seller applications yet.
        </Text>
      ) : (
        <Stack gap="3">
          {items.map((application) => (
            <SellerApplicationCard
              key={application.user_id}
              application={application}
              onApprove={() => setApproving(application)}
              onReject={() => setRejecting(application)}
            />
          ))}
        </Stack>
      )}
      <ApproveApplicationDialog
        application={approving}
        busy={decide.isPending}
        onConfirm={() => approving && void approve(approving)}
        onCancel={() => setApproving(null)}
      />
      <RejectApplicationDialog
        application={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(application) => {
          setRejecting(null);
          setOutcome({
            status: 'success',
            text: `${application.full_name}'s application was rejected; they have been told why.`,
          });
        }}
      />
    </Stack>
  );
}
