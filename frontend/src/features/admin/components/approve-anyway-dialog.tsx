/**
 * Approving a version with a critical vulnerability (PUBLISH_MODE=moderate): the admin's reason
 * (at least 10 characters; audited with the approval) in a dialog.
 */
import * as z from 'zod';
import {
  OVERRIDE_REASON_MIN,
  overrideReasonSchema,
  type PendingTemplate,
} from '@contract/admin-templates';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useApproveTemplate } from '../api/approve-template';
import { ReasonDialog, ReasonForm } from './reason-dialog';

const approveAnywaySchema = z.object({ reason: overrideReasonSchema });

export interface ApproveAnywayDialogProps {
  /** The template to approve; `null` keeps the dialog closed. */
  mvp: PendingTemplate | null;
  onClose: () => void;
  onApproved: (template: PendingTemplate, message: string) => void;
}

export function ApproveAnywayDialog({ mvp, onClose, onApproved }: ApproveAnywayDialogProps) {
  return (
    <ReasonDialog
      open={mvp !== null}
      onClose={onClose}
      testId="approve-anyway-dialog"
      role="alertdialog"
    >
      {mvp && (
        <ApproveAnywayForm key={mvp.id} mvp={mvp} onClose={onClose} onApproved={onApproved} />
      )}
    </ReasonDialog>
  );
}

function ApproveAnywayForm({
  mvp,
  onClose,
  onApproved,
}: ApproveAnywayDialogProps & { mvp: PendingTemplate }) {
  const approve = useApproveTemplate();
  const form = useZodForm(approveAnywaySchema, { reason: '' });
  const submit = useFormSubmit(form, {
    onValid: async ({ reason }) => {
      const result = await approve.mutateAsync({ ...mvp, override_reason: reason });
      onApproved(mvp, result.message);
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });

  return (
    <ReasonForm
      ariaLabel="Approve anyway"
      title={<>Approve “{mvp.title}” anyway?</>}
      notice="This version has a critical vulnerability. Buyers see it on the template page; your reason is kept in the audit log."
      helperText={`At least ${OVERRIDE_REASON_MIN} characters.`}
      reason={form.register('reason')}
      error={form.formState.errors.reason?.message}
      failure={submit.failure}
      busy={submit.busy}
      onSubmit={submit.onSubmit}
      onClose={onClose}
      submitLabel="Approve anyway"
      submitPalette="orange"
    />
  );
}
