/**
 * The seller dashboard's recent earnings (5): the newest payouts from the same
 * data as /payouts, in pounds.
 */
import { Badge, Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatGbp } from '@contract/money';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useSellerPayouts } from '../api/get-payouts';
import { monthLabel, PAYOUT_STATUS_LABELS, PAYOUT_STATUS_PALETTE } from '../lib/payout-format';
import { formatCount } from '@/lib/format';

/** The dashboard lists the 5 most recent earnings. */
export const RECENT_EARNINGS = 5;

export function RecentEarnings() {
  const payouts = useSellerPayouts('all');
  if (payouts.isPending) return <Skeleton h="20" />;
  if (payouts.isError) {
    return <QueryError {...failedQueryProps(payouts)} testId="recent-earnings-error" />;
  }
  const items = payouts.data.items.slice(0, RECENT_EARNINGS);
  if (items.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" fontSize="sm" py="4">
        No earnings yet
      </Text>
    );
  }
  return (
    <Stack gap="3" data-testid="recent-earnings">
      {items.map((payout) => (
        <HStack key={payout.id} justify="space-between" data-testid="recent-earning">
          <Box minW="0">
            <Text fontWeight="medium">{monthLabel(payout.month_year)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatCount(payout.total_downloads)} downloads
            </Text>
          </Box>
          <HStack gap="3" flexShrink={0}>
            <Text fontWeight="semibold">{formatGbp(payout.commission_amount)}</Text>
            <Badge colorPalette={PAYOUT_STATUS_PALETTE[payout.status]}>
              {PAYOUT_STATUS_LABELS[payout.status]}
            </Badge>
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}
