/** Rejecting a seller application: the reason (required; the applicant is told it) in a dialog. */
import {
  sellerApplicationDecisionSchema,
  type AdminSellerApplication,
} from '@contract/seller-applications';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useDecideSellerApplication } from '../api/decide-seller-application';
import { ReasonDialog, ReasonForm } from './reason-dialog';

export interface RejectApplicationDialogProps {
  /** The application to reject; `null` keeps the dialog closed. */
  application: AdminSellerApplication | null;
  onClose: () => void;
  onRejected: (application: AdminSellerApplication) => void;
}

export function RejectApplicationDialog({
  application,
  onClose,
  onRejected,
}: RejectApplicationDialogProps) {
  return (
    <ReasonDialog
      role="alertdialog"
      open={application !== null}
      onClose={onClose}
      testId="reject-application-dialog"
    >
      {application && (
        <RejectForm
          key={application.user_id}
          application={application}
          onClose={onClose}
          onRejected={onRejected}
        />
      )}
    </ReasonDialog>
  );
}

function RejectForm({
  application,
  onClose,
  onRejected,
}: RejectApplicationDialogProps & { application: AdminSellerApplication }) {
  const decide = useDecideSellerApplication();
  const form = useZodForm(sellerApplicationDecisionSchema, {
    decision: 'reject' as const,
    reason: '',
  });
  const submit = useFormSubmit(form, {
    onValid: async ({ reason }) => {
      await decide.mutateAsync({ userId: application.user_id, decision: 'reject', reason });
      onRejected(application);
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });

  return (
    <ReasonForm
      ariaLabel="Reject application"
      title={<>Reject {application.full_name}&apos;s application?</>}
      notice={`${application.email} is told your reason and may apply again.`}
      helperText="At most 1000 characters."
      reason={form.register('reason')}
      error={form.formState.errors.reason?.message}
      failure={submit.failure}
      busy={submit.busy}
      onSubmit={submit.onSubmit}
      onClose={onClose}
    />
  );
}
