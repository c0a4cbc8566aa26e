/** One dispute in the admin queue: what it is about, the parties, its status and next step. */
import { Badge, Button, Card, DataList, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { Dispute } from '@contract/disputes';
import { paths } from '@/config/paths';
import {
  DISPUTE_STATUS_LABELS,
  DISPUTE_STATUS_PALETTE,
  disputePartyLabel,
} from '../lib/dispute-queue';
import { ResolveDisputeForm } from './resolve-dispute-form';
import { formatDateTime } from '@/lib/format';

const dateTime = (iso: string): string => formatDateTime(iso);

export interface DisputeCardProps {
  dispute: Dispute;
  starting: boolean;
  onStartReview: () => void;
  onResolved: (dispute: Dispute) => void;
}

export function DisputeCard({ dispute, starting, onStartReview, onResolved }: DisputeCardProps) {
  return (
    <Card.Root size="sm" variant="outline" data-testid="admin-dispute-row" data-id={dispute.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="3" wrap="wrap">
              <Link asChild fontWeight="semibold" colorPalette="purple">
                <RouterLink to={paths.disputeDetail.getHref(dispute.id)}>
                  {dispute.mvp.title}
                </RouterLink>
              </Link>
              <Badge
                colorPalette={DISPUTE_STATUS_PALETTE[dispute.status]}
                data-testid="dispute-status"
              >
                {DISPUTE_STATUS_LABELS[dispute.status]}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              Opened {dateTime(dispute.opened_at)}
            </Text>
          </HStack>
          <Text fontWeight="medium">{dispute.reason}</Text>
          <Text whiteSpace="pre-wrap">{dispute.details}</Text>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            <DataList.Item>
              <DataList.ItemLabel minW="32">Buyer</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">
                {disputePartyLabel(dispute.buyer)}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel minW="32">Seller</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">
                {disputePartyLabel(dispute.seller)}
              </DataList.ItemValue>
            </DataList.Item>
            {dispute.resolved_at && (
              <DataList.Item>
                <DataList.ItemLabel minW="32">Resolved</DataList.ItemLabel>
                <DataList.ItemValue>{dateTime(dispute.resolved_at)}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
          {dispute.resolution_details && (
            <Text whiteSpace="pre-wrap" color="fg.muted" data-testid="dispute-resolution">
              {dispute.resolution_details}
            </Text>
          )}
          {dispute.status === 'in_review' && (
            <ResolveDisputeForm dispute={dispute} onResolved={onResolved} />
          )}
        </Stack>
      </Card.Body>
      {dispute.status === 'open' && (
        <Card.Footer justifyContent="flex-end">
          <Button size="sm" colorPalette="purple" loading={starting} onClick={onStartReview}>
            Start Review
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}
