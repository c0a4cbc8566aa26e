/**
 * The payout history: one row per month with its downloads, when it was
 * created and paid, the seller's commission and the platform fee deducted, and its status (a
 * failed payout says why).
 */
import { Badge, EmptyState, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { LuWallet } from 'react-icons/lu';
import { formatGbp } from '@contract/money';
import { PAYOUT_MESSAGES, type Payout } from '@contract/payouts';
import {
  formatPayoutDate,
  monthLabel,
  PAYOUT_STATUS_LABELS,
  PAYOUT_STATUS_PALETTE,
} from '../lib/payout-format';
import { formatCount } from '@/lib/format';
import { TableScrollArea } from '@/components/table-scroll-area';

export function PayoutHistory({ payouts }: { payouts: readonly Payout[] }) {
  if (payouts.length === 0) {
    return (
      <EmptyState.Root data-testid="no-payouts">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuWallet />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{PAYOUT_MESSAGES.noPayouts}</EmptyState.Title>
            <EmptyState.Description>
              Your first payout appears here after the 1st of the month following your first
              downloads.
            </EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <TableScrollArea label="Payout history">
      <Table.Root size="sm" aria-label="Payout history">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Month</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Downloads</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader>Processed</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Commission</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Fee deducted</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payouts.map((payout) => (
            <Table.Row key={payout.id} data-testid="payout-row">
              <Table.Cell fontWeight="medium">{monthLabel(payout.month_year)} payout</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(payout.total_downloads)}</Table.Cell>
              <Table.Cell>{formatPayoutDate(payout.created_at)}</Table.Cell>
              <Table.Cell>{formatPayoutDate(payout.processed_at)}</Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold" data-testid="payout-amount">
                {formatGbp(payout.commission_amount)}
              </Table.Cell>
              <Table.Cell textAlign="end" color="fg.muted">
                {formatGbp(payout.platform_fee_deducted)}
              </Table.Cell>
              <Table.Cell>
                <Stack gap="1" align="start">
                  <Badge
                    colorPalette={PAYOUT_STATUS_PALETTE[payout.status]}
                    data-testid="payout-status"
                  >
                    {PAYOUT_STATUS_LABELS[payout.status]}
                  </Badge>
                  {payout.status === 'failed' && payout.failure_reason && (
                    <Text fontSize="xs" color="fg.error" maxW="xs" whiteSpace="normal">
                      {payout.failure_reason}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}
