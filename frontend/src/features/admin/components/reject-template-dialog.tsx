/** Rejecting a template: the reason (required; the seller is sent it) in a dialog. */
import { Button, Dialog, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  REJECTION_REASON_MAX,
  rejectTemplateSchema,
  type PendingTemplate,
} from '@contract/admin-templates';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '../../../components/form/use-form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorMessage } from '../../../lib/api-error';
import { useRejectTemplate } from '../api/reject-template';

export interface RejectTemplateDialogProps {
  /** The template to reject; `null` keeps the dialog closed. */
  mvp: PendingTemplate | null;
  onClose: () => void;
  onRejected: (template: PendingTemplate, message: string) => void;
}

export function RejectTemplateDialog({ mvp, onClose, onRejected }: RejectTemplateDialogProps) {
  return (
    <Dialog.Root
      open={mvp !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reject-mvp-dialog">
            {/* A fresh form per template: no reason carries over to the next one. */}
            {mvp && <RejectForm key={mvp.id} mvp={mvp} onClose={onClose} onRejected={onRejected} />}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
    <form onSubmit={submit.onSubmit} noValidate aria-label="Reject MVP">
      <Dialog.Header>
        <Dialog.Title>Reject “{mvp.title}”?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          {submit.failure && <FormAlert status="error" size="sm" title={submit.failure} />}
          <Text color="fg.muted">The seller is notified with your reason.</Text>
          <FormField
            label="Reason"
            error={form.formState.errors.reason?.message}
            helperText={`At most ${REJECTION_REASON_MAX} characters.`}
          >
            <Textarea {...form.register('reason')} rows={4} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} disabled={submit.busy}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="red" loading={submit.busy}>
          Reject
        </Button>
      </Dialog.Footer>
    </form>
  );
}
