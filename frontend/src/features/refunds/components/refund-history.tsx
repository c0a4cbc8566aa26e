import { Badge, Stack, Table, Text } from '@chakra-ui/react';
import { formatGbp, toPence } from '@contract/money';
import { planById } from '@contract/plans';
import { PageSpinner } from '@/components/page-spinner';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { REFUND_STATUS_BUYER_LABELS, REFUND_STATUS_PALETTE } from '@/lib/status-palettes';
import { useRefundRequests } from '../api/get-refund-requests';
import { formatDate } from '@/lib/format';

/** Request History: the caller's requests, newest first, with their status. */
export function RefundHistory() {
  const requests = useRefundRequests();
  const { data, isPending, isError } = requests;
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <QueryError
        {...failedQueryProps(requests)}
        title="Failed to load refund requests."
        testId="refund-history-error"
      />
    );
  }
  if (data.length === 0) {
    return (
      <Text color="fg.muted" py="6">
        You have not requested any refunds yet.
      </Text>
    );
  }
  return (
    <Stack gap="3">
      <Table.Root size="sm" variant="outline" aria-label="Refund requests">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Purchase</Table.ColumnHeader>
            <Table.ColumnHeader>Amount</Table.ColumnHeader>
            <Table.ColumnHeader>Reason</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((request) => (
            <Table.Row key={request.id} data-testid="refund-row">
              <Table.Cell>{formatDate(request.created_at)}</Table.Cell>
              <Table.Cell>
                {request.subscription
                  ? `${planById(request.subscription.plan_type).name} plan`
                  : (request.order?.mvp_title ?? 'Template')}
              </Table.Cell>
              <Table.Cell>{formatGbp(toPence(request.amount_requested) ?? 0)}</Table.Cell>
              <Table.Cell maxW="md" whiteSpace="normal">
                {request.reason}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={REFUND_STATUS_PALETTE[request.status]}>
                  {REFUND_STATUS_BUYER_LABELS[request.status]}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
