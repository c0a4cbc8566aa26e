import { useState } from 'react';
import { refusalMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { HStack, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { NEWSLETTER_UPDATE_FAILED_MESSAGE, SITE_UPDATES_NEWSLETTER_ID } from '@contract/newsletter';
import { useNewsletter } from '../api/get-newsletter';
import { useUpdateNewsletter } from '../api/update-newsletter';
import { EmailPreferences } from './email-preferences';
import { Message } from './message';
import { SecurityAlertSettings } from './security-alert-settings';

/**
 * Settings, Notifications tab: the newsletter toggle, the notification e-mail switches and the
 * security alerts of each template the person downloaded or deployed.
 */
export function NotificationsTab() {
  return (
    <Stack gap="6">
      <NewsletterToggle />
      <EmailPreferences />
      <SecurityAlertSettings />
    </Stack>
  );
}

/** The newsletter toggle, stored per user and newsletter type. */
function NewsletterToggle() {
  const newsletter = useNewsletter(SITE_UPDATES_NEWSLETTER_ID);
  const update = useUpdateNewsletter();
  // A refusal or a service that failed says why in the API's words; else the product's text.
  const [failure, setFailure] = useState<string>();

  if (newsletter.isPending) return <Skeleton height="16" />;
  if (newsletter.isError) {
    return <QueryError {...failedQueryProps(newsletter)} testId="newsletter-status-error" />;
  }
  const status = newsletter.data;
  const subscribed = update.isPending ? Boolean(update.variables?.subscribed) : status.subscribed;

  return (
    <Stack gap="4">
      {failure && <Message status="error" text={failure} />}
      <HStack justify="space-between" gap="6" borderWidth="1px" rounded="lg" p="4">
        <Stack gap="1">
          <Text fontWeight="semibold">Newsletter: {status.name}</Text>
          {status.description && (
            <Text fontSize="sm" color="fg.muted">
              {status.description}
            </Text>
          )}
        </Stack>
        <Switch.Root
          colorPalette="purple"
          checked={subscribed}
          disabled={update.isPending}
          onCheckedChange={(details) => {
            setFailure(undefined);
            update.mutate(
              { newsletter_type_id: status.newsletter_type_id, subscribed: details.checked },
              {
                onError: (error) =>
                  setFailure(refusalMessage(error, NEWSLETTER_UPDATE_FAILED_MESSAGE)),
              },
            );
          }}
        >
          <Switch.HiddenInput aria-label="Subscribe to the newsletter" />
          <Switch.Control />
          <Switch.Label data-testid="newsletter-state">
            {subscribed ? 'Subscribed' : 'Unsubscribed'}
          </Switch.Label>
        </Switch.Root>
      </HStack>
    </Stack>
  );
}
