/**
 * A decision that needs a reason (rejecting a template, an application): the dialog around it and
 * the form's body, so each decision keeps only its own request and texts.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Button, Dialog, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  testId: string;
  role?: 'alertdialog';
  /** The form, keyed by what it decides on, so no reason carries over to the next one. */
  children: ReactNode;
}

export function ReasonDialog({ open, onClose, testId, role, children }: ReasonDialogProps) {
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export interface ReasonFormProps {
  ariaLabel: string;
  title: ReactNode;
  /** Who is told, and what follows. */
  notice: ReactNode;
  helperText: string;
  reason: UseFormRegisterReturn<'reason'>;
  error: string | undefined;
  failure: string | undefined;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The decision's button (default: Reject, in red). */
  submitLabel?: string;
  submitPalette?: string;
}

export function ReasonForm(props: ReasonFormProps) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props.ariaLabel}>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          {props.failure && <FormAlert status="error" size="sm" title={props.failure} />}
          <Text color="fg.muted">{props.notice}</Text>
          <FormField label="Reason" error={props.error} helperText={props.helperText}>
            <Textarea {...props.reason} rows={4} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={props.onClose} disabled={props.busy}>
          Cancel
        </Button>
        <Button type="submit" colorPalette={props.submitPalette ?? 'red'} loading={props.busy}>
          {props.submitLabel ?? 'Reject'}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
