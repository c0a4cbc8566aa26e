/**
 * Payouts: the monthly runs (with "Run payouts for <month>" for a month whose run never
 * happened), the sellers' payouts of one status, and Process on a pending (or failed) one through
 * the Stripe transfer path, behind a confirmation, as the refunds tab asks before money moves.
 * Process is shown but disabled, with the reason, while the seller cannot receive payouts.
 */
import { useState } from 'react';
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { formatGbp } from '@contract/money';
import {
  ADMIN_PAYOUT_FILTERS,
  ADMIN_PAYOUT_MESSAGES,
  type AdminPayout,
  type AdminPayoutFilter,
} from '@contract/payouts';
import { refusalMessage } from '@/lib/api-error';
import { useAdminPayouts } from '../api/get-payouts';
import { useProcessPayout } from '../api/process-payout';
import {
  ADMIN_PAYOUT_FILTER_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUS_PALETTE,
  canProcessPayout,
  payoutMonthLabel,
  payoutSellerLabel,
  processBlockedReason,
} from '../lib/payout-queue';
import { AdminQueue, type QueueOutcome } from './admin-queue';
import { PayoutRunsCard } from './payout-runs-card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TableScrollArea } from '@/components/table-scroll-area';

export default function PayoutsTab() {
  const [status, setStatus] = useState<AdminPayoutFilter>('pending');
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);
  const payouts = useAdminPayouts(status);
  const processPayout = useProcessPayout();
  const [confirming, setConfirming] = useState<AdminPayout | null>(null);

  const run = async (payout: AdminPayout) => {
    setConfirming(null);
    setOutcome(null);
    try {
      const result = await processPayout.mutateAsync(payout);
      setOutcome({ status: result.success ? 'success' : 'error', text: result.message });
    } catch (error) {
      setOutcome({
        status: 'error',
        text: refusalMessage(error, ADMIN_PAYOUT_MESSAGES.processFailed),
      });
    }
  };

  return (
    <Stack gap="8">
      <PayoutRunsCard />
      <AdminQueue
        title="Payouts"
        testId="admin-payouts"
        statuses={ADMIN_PAYOUT_FILTERS}
        labels={ADMIN_PAYOUT_FILTER_LABELS}
        status={status}
        onStatusChange={setStatus}
        outcome={outcome}
        outcomeTestId="payout-action-result"
        query={payouts}
        errorText={refusalMessage(payouts.error, ADMIN_PAYOUT_MESSAGES.loadFailed)}
        emptyText={`No ${ADMIN_PAYOUT_FILTER_LABELS[status].toLowerCase()} payouts.`}
        emptyTestId="no-admin-payouts"
      >
        {(items) => (
          <TableScrollArea label="Payouts">
            <Table.Root size="sm" aria-label="Payouts">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Month</Table.ColumnHeader>
                  <Table.ColumnHeader>Seller</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Downloads</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {items.map((payout) => (
                  <PayoutRow
                    key={payout.id}
                    payout={payout}
                    processing={processPayout.isPending && processPayout.variables.id === payout.id}
                    onProcess={() => setConfirming(payout)}
                  />
                ))}
              </Table.Body>
            </Table.Root>
          </TableScrollArea>
        )}
      </AdminQueue>
      <ProcessPayoutDialog
        payout={confirming}
        busy={processPayout.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** Asks before the transfer; open while `payout` is set. */
function ProcessPayoutDialog(props: {
  payout: AdminPayout | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const confirming = props.payout;
  return (
    <ConfirmDialog
      open={confirming !== null}
      title="Pay this payout now?"
      confirmLabel="Process Payout"
      busy={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      testId="process-payout-dialog"
    >
      {confirming && (
        <Text>
          {formatGbp(confirming.commission_amount)} for {payoutMonthLabel(confirming.month_year)}{' '}
          will be transferred to {payoutSellerLabel(confirming.seller)}&apos;s Stripe account.
        </Text>
      )}
      <Text color="fg.muted">This moves money and cannot be undone here.</Text>
    </ConfirmDialog>
  );
}

/** One payout; Process when its status allows. */
function PayoutRow(props: { payout: AdminPayout; processing: boolean; onProcess: () => void }) {
  const { payout } = props;
  return (
    <Table.Row data-testid="admin-payout-row">
      <Table.Cell>{payoutMonthLabel(payout.month_year)}</Table.Cell>
      <Table.Cell>
        {payoutSellerLabel(payout.seller)}
        {payout.failure_reason && (
          <Text fontSize="xs" color="fg.error">
            {payout.failure_reason}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end">{payout.total_downloads}</Table.Cell>
      <Table.Cell textAlign="end" fontWeight="semibold">
        {formatGbp(payout.commission_amount)}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={PAYOUT_STATUS_PALETTE[payout.status]}>
          {PAYOUT_STATUS_LABELS[payout.status]}
        </Badge>
      </Table.Cell>
      <Table.Cell textAlign="end">
        {canProcessPayout(payout.status) && (
          <ProcessButton payout={payout} loading={props.processing} onClick={props.onProcess} />
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/** Process, or Process disabled with the reason beside it (linked for screen readers). */
function ProcessButton(props: { payout: AdminPayout; loading: boolean; onClick: () => void }) {
  const blocked = processBlockedReason(props.payout);
  const reasonId = `payout-blocked-${props.payout.id}`;
  return (
    <Stack gap="1" align="end">
      <Button
        size="xs"
        colorPalette="purple"
        loading={props.loading}
        disabled={blocked !== null}
        title={blocked ?? undefined}
        aria-describedby={blocked ? reasonId : undefined}
        onClick={props.onClick}
      >
        Process
      </Button>
      {blocked && (
        <Text
          id={reasonId}
          fontSize="xs"
          color="fg.muted"
          minW="40"
          maxW="48"
          textAlign="end"
          whiteSpace="normal"
        >
          {blocked}
        </Text>
      )}
    </Stack>
  );
}
