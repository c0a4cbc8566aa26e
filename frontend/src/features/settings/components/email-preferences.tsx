/**
 * Settings → Notifications, e-mail part: one switch per kind of notification. Every notification
 * is shown in the bell either way; a switch decides whether it is also e-mailed. Receipts and
 * security messages are always e-mailed: their switch is on, disabled, with the reason.
 */
import { useState } from 'react';
import { Badge, Box, Heading, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import {
  PREFERENCES_LOAD_FAILED_MESSAGE,
  PREFERENCES_UPDATE_FAILED_MESSAGE,
  type NotificationPreference,
} from '@contracts/notification-preferences';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { Message } from './message';

function PreferenceRow({
  preference,
  checked,
  busy,
  onChange,
}: {
  preference: NotificationPreference;
  checked: boolean;
  busy: boolean;
  onChange: (email: boolean) => void;
}) {
  const id = `email-${preference.type}`;
  return (
    <HStack
      justify="space-between"
      align="flex-start"
      gap="4"
      py="3"
      borderTopWidth="1px"
      _first={{ borderTopWidth: 0 }}
      data-testid="email-preference"
      data-type={preference.type}
    >
      <Stack gap="0.5" minW="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="medium" id={`${id}-label`}>
            {preference.label}
          </Text>
          {preference.locked && (
            <Badge colorPalette="gray" variant="subtle" size="sm">
              Always on
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {preference.description}
        </Text>
        {preference.locked && preference.locked_reason && (
          <Text fontSize="xs" color="fg.subtle">
            {preference.locked_reason}
          </Text>
        )}
      </Stack>
      <Switch.Root
        colorPalette="purple"
        checked={checked}
        disabled={preference.locked || busy}
        onCheckedChange={(details) => onChange(details.checked)}
        flexShrink={0}
      >
        <Switch.HiddenInput aria-labelledby={`${id}-label`} data-testid={`${id}-switch`} />
        <Switch.Control />
      </Switch.Root>
    </HStack>
  );
}

export function EmailPreferences() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [failed, setFailed] = useState(false);

  if (preferences.isPending) return <Skeleton height="40" />;
  if (preferences.isError || !preferences.data) {
    return <Message status="error" text={PREFERENCES_LOAD_FAILED_MESSAGE} />;
  }
  const pending = update.isPending ? update.variables?.preferences : undefined;
  const checkedOf = (preference: NotificationPreference) =>
    pending?.find((change) => change.type === preference.type)?.email ?? preference.email;
  // Receipts first: they explain why some switches cannot move.
  const items = [...preferences.data.items].sort((a, b) => Number(b.locked) - Number(a.locked));

  return (
    <Stack gap="3" borderWidth="1px" rounded="lg" p="4" data-testid="email-preferences">
      <Stack gap="1">
        <Heading as="h2" size="md">
          E-mail notifications
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          Everything appears in your notifications; choose what is also sent to your e-mail.
        </Text>
      </Stack>
      {failed && <Message status="error" text={PREFERENCES_UPDATE_FAILED_MESSAGE} />}
      <Box>
        {items.map((preference) => (
          <PreferenceRow
            key={preference.type}
            preference={preference}
            checked={checkedOf(preference)}
            busy={update.isPending}
            onChange={(email) => {
              setFailed(false);
              update.mutate(
                { preferences: [{ type: preference.type, email }] },
                { onError: () => setFailed(true) },
              );
            }}
          />
        ))}
      </Box>
    </Stack>
  );
}
