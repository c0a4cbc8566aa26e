/** Rejecting a seller application: the reason (required; the applicant is told it) in a dialog. */
import { Button, Dialog, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  sellerApplicationDecisionSchema,
  type AdminSellerApplication,
} from '@contract/seller-applications';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '../../../components/form/use-form-submit';
import { useZodForm } from '../../../components/form/use-zod-form';
import { errorMessage } from '../../../lib/api-error';
import { useDecideSellerApplication } from '../api/decide-seller-application';

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
    <Dialog.Root
      role="alertdialog"
      open={application !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="reject-application-dialog">
            {/* A fresh form per application: no reason carries over to the next one. */}
            {application && (
              <RejectForm
                key={application.user_id}
                application={application}
                onClose={onClose}
                onRejected={onRejected}
              />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
    <form onSubmit={submit.onSubmit} noValidate aria-label="Reject application">
      <Dialog.Header>
        <Dialog.Title>Reject {application.full_name}&apos;s application?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          {submit.failure && <FormAlert status="error" size="sm" title={submit.failure} />}
          <Text color="fg.muted">{application.email} is told your reason and may apply again.</Text>
          <FormField
            label="Reason"
            error={form.formState.errors.reason?.message}
            helperText="At most 1000 characters."
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
