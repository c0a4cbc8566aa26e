/**
 * The one confirmation before an action that cannot be taken back (a refund, a plan switch): an
 * alert dialog with the consequence in words, a way out, and the action's button.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action is running: its button spins and the way out is closed. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId}>
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">{props.children}</Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onCancel} disabled={props.busy}>
                {props.cancelLabel ?? 'Cancel'}
              </Button>
              <Button colorPalette="purple" loading={props.busy} onClick={props.onConfirm}>
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
