/**
 * Payouts (seller spec §2: pending payouts with Process): the sellers' payouts of one status,
 * Process on a pending (or failed) one through the Stripe transfer path, and the outcome as the
 * spec's success or error text.
 */
import { useState } from 'react';
import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { formatGbp } from '@contracts/money';
import {
  ADMIN_PAYOUT_FILTERS,
  ADMIN_PAYOUT_MESSAGES,
  type AdminPayout,
  type AdminPayoutFilter,
} from '@contracts/payouts';
import { ApiError } from '../../../lib/api-error';
import { useAdminPayouts } from '../api/get-payouts';
import { useProcessPayout } from '../api/process-payout';
import {
  ADMIN_PAYOUT_FILTER_LABELS,
  PAYOUT_STATUS_PALETTE,
  canProcessPayout,
  payoutMonthLabel,
  payoutSellerLabel,
} from '../lib/payout-queue';
import { AdminQueue, type QueueOutcome } from './admin-queue';
import { TableScrollArea } from '../../../components/table-scroll-area';

/** The API's reason when it gave one (a 409's), else the spec's text. */
const failureText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

export default function PayoutsTab() {
  const [status, setStatus] = useState<AdminPayoutFilter>('pending');
  const [outcome, setOutcome] = useState<QueueOutcome | null>(null);
  const payouts = useAdminPayouts(status);
  const processPayout = useProcessPayout();

  const run = async (payout: AdminPayout) => {
    setOutcome(null);
    try {
      const result = await processPayout.mutateAsync(payout);
      setOutcome({ status: result.success ? 'success' : 'error', text: result.message });
    } catch (error) {
      setOutcome({
        status: 'error',
        text: failureText(error, ADMIN_PAYOUT_MESSAGES.processFailed),
      });
    }
  };

  return (
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
      errorText={failureText(payouts.error, ADMIN_PAYOUT_MESSAGES.loadFailed)}
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
                <Table.Row key={payout.id} data-testid="admin-payout-row">
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
                      {payout.status}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {canProcessPayout(payout.status) && (
                      <Button
                        size="xs"
                        colorPalette="purple"
                        loading={
                          processPayout.isPending && processPayout.variables.id === payout.id
                        }
                        onClick={() => void run(payout)}
                      >
                        Process
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScrollArea>
      )}
    </AdminQueue>
  );
}
