/**
 * `/notifications`: the list (newest first, 50 at a time with Load more), an unread-only toggle,
 * mark one or all read; clicking a notification marks it read and opens its link.
 */
import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { LuBell, LuCheck, LuCheckCheck } from 'react-icons/lu';
import {
  NOTIFICATION_MESSAGES,
  type Notification,
  type NotificationType,
} from '@contract/notifications';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { formatDateTime } from '@/lib/format';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

const TYPE_LABELS: Record<NotificationType, string> = {
  mvp_approved: 'MVP approved',
  mvp_rejected: 'MVP rejected',
  new_review: 'New review',
  new_download: 'New download',
  payout_initiated: 'Payout initiated',
  payout_completed: 'Payout completed',
  payout_failed: 'Payout failed',
  dispute_updated: 'Dispute updated',
  contact_message: 'Contact message',
  upgrade_available: 'Upgrade available',
  seller_application_decided: 'Seller application',
  payment_succeeded: 'Payment received',
  payment_failed: 'Payment failed',
  refund_decided: 'Refund decided',
  refund_processed: 'Refund paid',
  payment_disputed: 'Card dispute',
  dispute_opened: 'Dispute opened',
  licence_issued: 'Licence issued',
  security_finding: 'Security alert',
  security_fix: 'Security fix',
  account_security: 'Sign-in security',
};

/** Links are same-origin paths; anything else is not followed. */
const isInternalLink = (link: string | null): link is string =>
  link !== null && link.startsWith('/') && !link.startsWith('//');

function NotificationRow({ notification }: { notification: Notification }) {
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const open = () => {
    if (!notification.read) markRead.mutate(notification.id);
    if (isInternalLink(notification.link)) void navigate(notification.link);
  };
  return (
    <Card.Root
      variant={notification.read ? 'outline' : 'subtle'}
      data-testid="notification"
      data-read={notification.read}
    >
      <Card.Body py="3" px="4">
        <HStack gap="4" align="start">
          <Box
            as="button"
            flex="1"
            textAlign="start"
            onClick={open}
            cursor={isInternalLink(notification.link) ? 'pointer' : 'default'}
          >
            <HStack gap="2" mb="1">
              {!notification.read && (
                <Box w="2" h="2" rounded="full" bg="purple.solid" aria-label="Unread" />
              )}
              <Badge variant="outline">
                {/* A type this page does not know yet (a newer API) still reads sanely. */}
                {TYPE_LABELS[notification.type] ?? 'Notification'}
              </Badge>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(notification.created_at)}
              </Text>
            </HStack>
            <Text fontWeight={notification.read ? 'normal' : 'semibold'}>
              {notification.message}
            </Text>
          </Box>
          {!notification.read && (
            <Button
              size="xs"
              variant="ghost"
              onClick={() => markRead.mutate(notification.id)}
              loading={markRead.isPending}
            >
              <LuCheck /> Mark read
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The list (or its next page) could not be loaded: the product's text, the API's words, Try again. */
function LoadFailed({
  query,
  nextPage = false,
}: {
  query: ReturnType<typeof useNotifications>;
  nextPage?: boolean;
}) {
  return (
    <QueryError
      {...(nextPage
        ? { error: query.error, onRetry: query.fetchNextPage, retrying: query.isFetchingNextPage }
        : failedQueryProps(query))}
      title={NOTIFICATION_MESSAGES.loadFailed}
      testId="notifications-error"
    />
  );
}

interface NotificationsHeaderProps {
  unreadOnly: boolean;
  onUnreadOnlyChange: (unreadOnly: boolean) => void;
  onMarkAll: () => void;
  marking: boolean;
  /** Mark all as read is pressable only while something is unread. */
  hasUnread: boolean;
}

/** The page's heading, the unread-only switch and Mark all as read. */
function NotificationsHeader({
  unreadOnly,
  onUnreadOnlyChange,
  onMarkAll,
  marking,
  hasUnread,
}: NotificationsHeaderProps) {
  return (
    <HStack justify="space-between" mb="6" flexWrap="wrap" gap="4">
      <Heading as="h1" size="2xl">
        Notifications
      </Heading>
      <HStack gap="4">
        <Switch.Root
          checked={unreadOnly}
          onCheckedChange={(details) => onUnreadOnlyChange(details.checked)}
          colorPalette="purple"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Unread only</Switch.Label>
        </Switch.Root>
        <Button
          size="sm"
          variant="outline"
          onClick={onMarkAll}
          loading={marking}
          disabled={!hasUnread}
        >
          <LuCheckCheck /> Mark all as read
        </Button>
      </HStack>
    </HStack>
  );
}

export function NotificationsView() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const notifications = useNotifications(unreadOnly);
  const {
    data,
    isPending,
    isError,
    fetchNextPage,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = notifications;
  const markAll = useMarkAllNotificationsRead();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  // Unread ones may sit on pages not loaded yet: the bell's count (same cached query) covers them.
  const { data: unread } = useUnreadCount(true);
  const hasUnread = items.some((item) => !item.read) || (unread?.unread_count ?? 0) > 0;

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <NotificationsHeader
        unreadOnly={unreadOnly}
        onUnreadOnlyChange={setUnreadOnly}
        onMarkAll={() => markAll.mutate()}
        marking={markAll.isPending}
        hasUnread={hasUnread}
      />

      {isPending ? (
        <Stack gap="3">
          <Skeleton h="16" />
          <Skeleton h="16" />
          <Skeleton h="16" />
        </Stack>
      ) : !data && isError ? (
        <LoadFailed query={notifications} />
      ) : items.length === 0 ? (
        <Stack align="center" py="16" gap="3" color="fg.muted" data-testid="notifications-empty">
          <LuBell size={32} />
          <Text>{unreadOnly ? 'No unread notifications.' : 'No notifications yet.'}</Text>
        </Stack>
      ) : (
        <Stack gap="3" data-testid="notifications-list">
          {items.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
          {isFetchNextPageError && <LoadFailed query={notifications} nextPage />}
          {hasNextPage && !isFetchNextPageError && (
            <Button
              alignSelf="center"
              variant="outline"
              mt="2"
              onClick={() => void fetchNextPage()}
              loading={isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Container>
  );
}
