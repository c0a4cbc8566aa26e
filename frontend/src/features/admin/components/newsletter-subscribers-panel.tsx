/**
 * The Newsletter tab's Subscribers: every address newest first, by
 * status, a page at a time with Load more, and the CSV export of the chosen status (downloaded
 * with the admin's token; 'Failed to export subscribers' and the API's reason when it fails).
 */
import { useState } from 'react';
import { Badge, Button, ButtonGroup, HStack, Stack, Table } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import {
  NEWSLETTER_ADMIN_MESSAGES,
  NEWSLETTER_SUBSCRIBER_STATUSES,
  type NewsletterSubscriberStatus,
} from '@contract/admin-newsletter';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage } from '@/lib/api-error';
import { useExportNewsletterSubscribers } from '../api/export-newsletter-subscribers';
import { useNewsletterSubscribers } from '../api/get-newsletter-subscribers';
import { NewsletterPagedTable } from './newsletter-paged-table';
import { formatDateTime } from '@/lib/format';
import { EmailText } from '@/components/email-text';

const STATUS_LABELS: Record<NewsletterSubscriberStatus, string> = {
  all: 'All',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
};

const SUBSCRIBER_COLUMNS = [
  'E-mail',
  'Source',
  'Status',
  'Subscribed',
  'Unsubscribed',
  'Last change',
] as const;

export function NewsletterSubscribersPanel() {
  const [status, setStatus] = useState<NewsletterSubscriberStatus>('all');
  const subscribers = useNewsletterSubscribers(status);
  const exporter = useExportNewsletterSubscribers();

  return (
    <Stack gap="4" data-testid="newsletter-subscribers" aria-busy={subscribers.isPending}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Status">
          {NEWSLETTER_SUBSCRIBER_STATUSES.map((option) => (
            <Button
              key={option}
              aria-pressed={status === option}
              variant={status === option ? 'solid' : 'outline'}
              colorPalette="purple"
              onClick={() => setStatus(option)}
            >
              {STATUS_LABELS[option]}
            </Button>
          ))}
        </ButtonGroup>
        <Button
          size="sm"
          colorPalette="purple"
          variant="outline"
          loading={exporter.isPending}
          onClick={() => exporter.mutate(status)}
        >
          <LuDownload /> Export CSV
        </Button>
      </HStack>
      {exporter.isError && (
        <FormAlert
          status="error"
          title={NEWSLETTER_ADMIN_MESSAGES.exportFailed}
          description={errorMessage(exporter.error)}
          data-testid="newsletter-export-error"
        />
      )}
      <NewsletterPagedTable
        pages={subscribers}
        label="Subscribers"
        columns={SUBSCRIBER_COLUMNS}
        empty="No subscribers."
        emptyTestId="no-subscribers"
        renderRow={(item) => (
          <Table.Row
            key={item.email}
            data-testid="newsletter-subscriber-row"
            data-email={item.email}
          >
            <Table.Cell fontWeight="medium">
              <EmailText email={item.email} maxW="64" />
            </Table.Cell>
            <Table.Cell>{item.source}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={item.unsubscribed_at ? 'gray' : 'green'}>
                {item.unsubscribed_at ? 'Unsubscribed' : 'Subscribed'}
              </Badge>
            </Table.Cell>
            <Table.Cell>{formatDateTime(item.subscribed_at)}</Table.Cell>
            <Table.Cell>{formatDateTime(item.unsubscribed_at)}</Table.Cell>
            <Table.Cell>{formatDateTime(item.last_modified_at)}</Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}
