/** The header bell: a link to /notifications with the unread count (`99+` above 99). */
import { Box, IconButton } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuBell } from 'react-icons/lu';
import { unreadBadgeText } from '@contract/notification-bell';
import { paths } from '@/config/paths';
import { useUnreadCount } from '../api/get-unread-count';

export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useUnreadCount(true);
  const count = data?.unread_count ?? 0;
  const badge = unreadBadgeText(count);
  return (
    <IconButton
      asChild
      variant="ghost"
      size="sm"
      position="relative"
      aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
      onClick={onNavigate}
    >
      <RouterLink to={paths.notifications.getHref()} data-testid="notification-bell">
        <LuBell />
        {badge && (
          <Box
            as="span"
            position="absolute"
            top="-1"
            insetEnd="-1"
            minW="5"
            h="5"
            px="1"
            rounded="full"
            bg="red.solid"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            // Centred by flex: a `lineHeight` of "5" is a multiplier (50px), not the 20px token,
            // which pushed the number out of the red dot.
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            lineHeight="1"
            data-testid="unread-badge"
          >
            {badge}
          </Box>
        )}
      </RouterLink>
    </IconButton>
  );
}
