/** Rejecting a template: the reason (required; the seller is sent it) in a dialog. */
import {
  REJECTION_REASON_MAX,
  rejectTemplateSchema,
  type PendingTemplate,
} from '@contract/admin-templates';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import { useRejectTemplate } from '../api/reject-template';
import { ReasonDialog, ReasonForm } from './reason-dialog';

export interface RejectTemplateDialogProps {
  /** The template to reject; `null` keeps the dialog closed. */
  mvp: PendingTemplate | null;
  onClose: () => void;
  onRejected: (template: PendingTemplate, message: string) => void;
}

export function RejectTemplateDialog({ mvp, onClose, onRejected }: RejectTemplateDialogProps) {
  return (
    <ReasonDialog open={mvp !== null} onClose={onClose} testId="reject-mvp-dialog">
      {mvp && <RejectForm key={mvp.id} mvp={mvp} onClose={onClose} onRejected={onRejected} />}
    </ReasonDialog>
  );
}

function RejectForm({
  mvp,
  onClose,
  onRejected,
}: RejectTemplateDialogProps & { mvp: PendingTemplate }) {
  const reject = useRejectTemplate();
  const form = useZodForm(rejectTemplateSchema, { reason: '' });
  const submit = useFormSubmit(form, {
    onValid: async ({ reason }) => {
      const result = await reject.mutateAsync({
        id: mvp.id,
        reason,
        ...(mvp.edit_at === null ? {} : { edit_at: mvp.edit_at }),
      });
      onRejected(mvp, result.message);
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });

  return (
    <ReasonForm
      ariaLabel="Reject MVP"
      title={<>Reject “{mvp.title}”?</>}
      notice="The seller is notified with your reason."
      helperText={`At most ${REJECTION_REASON_MAX} characters.`}
      reason={form.register('reason')}
      error={form.formState.errors.reason?.message}
      failure={submit.failure}
      busy={submit.busy}
      onSubmit={submit.onSubmit}
      onClose={onClose}
    />
  );
}
