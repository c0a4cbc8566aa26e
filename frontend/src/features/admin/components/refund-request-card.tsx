/** One refund request in the admin queue: who asked, for what, how much, and its actions. */
import { Badge, Button, Card, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { planById } from '@contract/plans';
import type { AdminRefundRequest } from '@contract/refunds';
import { refundActions, refundAmounts, type RefundAction } from '../lib/refund-queue';
import { formatDateTime } from '@/lib/format';
import { EmailText } from '@/components/email-text';
import { REFUND_STATUS_LABELS, REFUND_STATUS_PALETTE } from '@/lib/status-palettes';

const ACTION_BUTTONS: Record<
  RefundAction,
  { label: string; palette: string; variant: 'solid' | 'outline' }
> = {
  approve: { label: 'Approve', palette: 'green', variant: 'solid' },
  reject: { label: 'Reject', palette: 'red', variant: 'outline' },
  process: { label: 'Process Refund', palette: 'purple', variant: 'solid' },
};

const dateTime = formatDateTime;

export interface RefundRequestCardProps {
  request: AdminRefundRequest;
  busy: (action: RefundAction) => boolean;
  onAction: (action: RefundAction) => void;
}

export function RefundRequestCard({ request, busy, onAction }: RefundRequestCardProps) {
  const amounts = refundAmounts(request);
  const actions = refundActions(request.status);
  return (
    <Card.Root size="sm" variant="outline" data-testid="admin-refund-row" data-id={request.id}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="3" wrap="wrap">
              <EmailText email={request.user_email} fontWeight="semibold" />
              <Badge
                colorPalette={REFUND_STATUS_PALETTE[request.status]}
                data-testid="refund-status"
              >
                {REFUND_STATUS_LABELS[request.status]}
              </Badge>
            </HStack>
            <Text fontSize="xl" fontWeight="bold" data-testid="refund-amount">
              {amounts.requested}
            </Text>
          </HStack>
          <Text whiteSpace="pre-wrap">{request.reason}</Text>
          <DataList.Root orientation="horizontal" size="sm" gap="1">
            {request.subscription ? (
              <Field label="Plan" value={planById(request.subscription.plan_type).name} />
            ) : (
              <Field label="Template" value={request.order?.mvp_title ?? 'Template'} />
            )}
            <Field label="Paid" value={amounts.paid} />
            <Field label="Refunded so far" value={amounts.refunded} />
            <Field label="Requested" value={dateTime(request.created_at)} />
            {request.processed_at && (
              <Field label="Processed" value={dateTime(request.processed_at)} />
            )}
            {request.stripe_refund_id && (
              <Field
                label="Stripe refund"
                value={request.stripe_refund_id}
                testId="stripe-refund-id"
              />
            )}
          </DataList.Root>
        </Stack>
      </Card.Body>
      {actions.length > 0 && (
        <Card.Footer justifyContent="flex-end" gap="2">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              colorPalette={ACTION_BUTTONS[action].palette}
              variant={ACTION_BUTTONS[action].variant}
              loading={busy(action)}
              onClick={() => onAction(action)}
            >
              {ACTION_BUTTONS[action].label}
            </Button>
          ))}
        </Card.Footer>
      )}
    </Card.Root>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
      <DataList.ItemValue data-testid={testId} wordBreak="break-all">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
