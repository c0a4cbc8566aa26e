/**
 * Applications: the seller applications, pending first (the one waiting longest on top), then the
 * newest decisions. Approve and Reject both ask first; a rejection needs a reason, which the
 * applicant is told. The decision is audited and the applicant notified by the API.
 */
import { useState } from 'react';
import { Alert, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AdminSellerApplication } from '@contract/seller-applications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { errorMessage } from '../../../lib/api-error';
import { useDecideSellerApplication } from '../api/decide-seller-application';
import { useSellerApplications } from '../api/get-seller-applications';
import { RejectApplicationDialog } from './reject-application-dialog';
import { SellerApplicationCard } from './seller-application-card';

interface Outcome {
  status: 'success' | 'error';
  text: string;
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
      <Stack gap="1">
        <Heading as="h2" size="lg">
          Seller Applications
        </Heading>
        {applications.data && (
          <Text color="fg.muted" fontSize="sm">
            {pending === 0
              ? 'No application waits for a decision.'
              : `${pending} waiting for a decision.`}
          </Text>
        )}
      </Stack>
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
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(applications.error)}</Alert.Title>
        </Alert.Root>
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
      <ConfirmDialog
        open={approving !== null}
        title={`Approve ${approving?.full_name ?? 'this applicant'} as a seller?`}
        confirmLabel="Approve"
        busy={decide.isPending}
        onConfirm={() => approving && void approve(approving)}
        onCancel={() => setApproving(null)}
        testId="approve-application-dialog"
      >
        <Text>
          {approving?.email} will be able to upload and sell templates at once, and is told so.
        </Text>
      </ConfirmDialog>
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
