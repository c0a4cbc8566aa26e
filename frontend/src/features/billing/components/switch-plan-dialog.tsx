/** Confirms a plan switch: the change is immediate and Stripe prorates it. */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { formatGbp } from '@contracts/money';
import type { Plan } from '@contracts/plans';
import { planPricePence } from '../lib/plan-actions';

export interface SwitchPlanDialogProps {
  /** The plan to switch to; the dialog is open while set. */
  target: Plan | null;
  currentPlanName: string | null;
  busy: boolean;
  onConfirm: (plan: Plan) => void;
  onClose: () => void;
}

export function SwitchPlanDialog({
  target,
  currentPlanName,
  busy,
  onConfirm,
  onClose,
}: SwitchPlanDialogProps) {
  const pence = target ? planPricePence(target) : null;
  return (
    <Dialog.Root
      role="alertdialog"
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="switch-plan-dialog">
            <Dialog.Header>
              <Dialog.Title>Switch to {target?.name}?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  {currentPlanName ? `Your ${currentPlanName} plan` : 'Your plan'} changes to{' '}
                  {target?.name}
                  {pence !== null && ` (${formatGbp(pence)}/month)`} now, and your download quota
                  follows the new plan.
                </Text>
                <Text color="fg.muted">
                  The change is prorated: your next invoice is adjusted for the days left in this
                  period, so you only pay for what you use.
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Keep my plan</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="purple"
                loading={busy}
                onClick={() => target && onConfirm(target)}
              >
                Switch plan
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
