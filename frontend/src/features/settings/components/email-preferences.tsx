/**
 * Settings → Notifications, e-mail part: one switch per kind of notification the person can
 * receive (seller kinds for sellers, admin kinds for admins). Every notification is shown in the
 * bell either way; a switch decides whether it is also e-mailed. Receipts and security messages
 * are always e-mailed: they are listed first, their switches on and disabled, with the reason.
 */
import { refusalMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import { Badge, Box, Heading, HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import {
  ALWAYS_SENT_REASON,
  PREFERENCES_LOAD_FAILED_MESSAGE,
  PREFERENCES_UPDATE_FAILED_MESSAGE,
  type EmailAudience,
  type NotificationPreference,
} from '@contract/notification-preferences';
import type { Role } from '@contract/profile';
import { useMyProfile } from '@/lib/my-profile';
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

/** Whether someone of `role` receives kinds meant for `audience`. */
const receives = (role: Role | undefined, audience: EmailAudience) =>
  audience === 'everyone' ||
  (audience === 'sellers' && (role === 'seller' || role === 'both')) ||
  (audience === 'admins' && (role === 'admin' || role === 'both'));

export function EmailPreferences() {
  const preferences = useNotificationPreferences();
  const profile = useMyProfile();
  const update = useUpdateNotificationPreferences();
  // A refusal or a service that failed says why in the API's words; else the product's text.
  const [failure, setFailure] = useState<string>();

  if (preferences.isPending) return <Skeleton height="40" />;
  if (preferences.isError) {
    return (
      <QueryError
        {...failedQueryProps(preferences)}
        title={PREFERENCES_LOAD_FAILED_MESSAGE}
        testId="email-preferences-error"
      />
    );
  }
  const pending = update.isPending ? update.variables?.preferences : undefined;
  const checkedOf = (preference: NotificationPreference) =>
    pending?.find((change) => change.type === preference.type)?.email ?? preference.email;
  const role = profile.data?.role;
  const items = preferences.data.items.filter((item) => receives(role, item.audience));
  const receipts = items.filter((item) => item.locked);
  const choices = items.filter((item) => !item.locked);
  const rowOf = (preference: NotificationPreference) => (
    <PreferenceRow
      key={preference.type}
      preference={preference}
      checked={checkedOf(preference)}
      busy={update.isPending}
      onChange={(email) => {
        setFailure(undefined);
        update.mutate(
          { preferences: [{ type: preference.type, email }] },
          {
            onError: (error) =>
              setFailure(refusalMessage(error, PREFERENCES_UPDATE_FAILED_MESSAGE)),
          },
        );
      }}
    />
  );

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
      {failure && <Message status="error" text={failure} />}
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="semibold">
          Receipts
        </Text>
        <Text fontSize="xs" color="fg.muted" data-testid="email-receipts-reason">
          {ALWAYS_SENT_REASON}
        </Text>
        <Box>{receipts.map(rowOf)}</Box>
      </Stack>
      <Stack gap="1" borderTopWidth="1px" pt="3">
        <Text fontSize="sm" fontWeight="semibold">
          Your choice
        </Text>
        <Box>{choices.map(rowOf)}</Box>
      </Stack>
    </Stack>
  );
}
