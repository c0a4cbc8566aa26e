/**
 * Confirms a plan switch: the change is immediate and Stripe invoices the prorated difference at
 * once (PLAN_SWITCH_TEXT says so here and in the banner after it).
 */
import { Text } from '@chakra-ui/react';
import { PLAN_SWITCH_TEXT } from '@contract/billing';
import { formatGbp } from '@contract/money';
import type { Plan } from '@contract/plans';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
    <ConfirmDialog
      open={target !== null}
      title={`Switch to ${target?.name ?? ''}?`}
      confirmLabel="Switch plan"
      cancelLabel="Keep my plan"
      busy={busy}
      onConfirm={() => target && onConfirm(target)}
      onCancel={onClose}
      testId="switch-plan-dialog"
    >
      <Text>
        {currentPlanName ? `Your ${currentPlanName} plan` : 'Your plan'} changes to {target?.name}
        {pence !== null && ` (${formatGbp(pence)}/month)`} now, and your download quota follows the
        new plan.
      </Text>
      <Text color="fg.muted" data-testid="switch-plan-proration">
        {PLAN_SWITCH_TEXT.dialog}
      </Text>
    </ConfirmDialog>
  );
}
