import { Badge, Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { paths } from '@/config/paths';
import { useDisputes } from '../api/get-disputes';
import { DISPUTE_STATUS_LABELS, DISPUTE_STATUS_PALETTE } from '../lib/dispute-labels';
import { formatDate } from '@/lib/format';

/** Dispute History: disputes where the caller is the buyer or the seller; rows open the detail. */
export function DisputeHistory() {
  const disputes = useDisputes();
  const { data, isPending, isError } = disputes;
  if (isPending) return <PageSpinner />;
  if (isError) {
    return (
      <QueryError
        {...failedQueryProps(disputes)}
        title="Failed to load disputes."
        testId="dispute-history-error"
      />
    );
  }
  if (data.length === 0) {
    return (
      <Text color="fg.muted" py="6">
        You have no disputes.
      </Text>
    );
  }
  return (
    <Table.Root size="sm" variant="outline" aria-label="Disputes">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>MVP</Table.ColumnHeader>
          <Table.ColumnHeader>Reason</Table.ColumnHeader>
          <Table.ColumnHeader>Opened</Table.ColumnHeader>
          <Table.ColumnHeader>Your role</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.map((dispute) => (
          <Table.Row key={dispute.id} data-testid="dispute-row">
            <Table.Cell>
              <Link asChild colorPalette="purple">
                <RouterLink to={paths.disputeDetail.getHref(dispute.id)}>
                  {dispute.mvp.title}
                </RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>{dispute.reason}</Table.Cell>
            <Table.Cell>{formatDate(dispute.opened_at)}</Table.Cell>
            <Table.Cell textTransform="capitalize">{dispute.viewer_role}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={DISPUTE_STATUS_PALETTE[dispute.status]}>
                {DISPUTE_STATUS_LABELS[dispute.status]}
              </Badge>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
