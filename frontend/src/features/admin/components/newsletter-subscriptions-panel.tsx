/**
 * The Newsletter tab's User subscriptions: pick a type, see which
 * signed-in users turned it on or off, latest change first, a page at a time.
 */
import { useState } from 'react';
import { Badge, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { FormField } from '@/components/form/form-field';
import { useNewsletterSubscriptions } from '../api/get-newsletter-subscriptions';
import { useNewsletterTypes } from '../api/get-newsletter-types';
import { LoadFailed } from './newsletter-load-failed';
import { NewsletterPagedTable } from './newsletter-paged-table';
import { formatDateTime } from '@/lib/format';
import { EmailText } from '@/components/email-text';

const SUBSCRIPTION_COLUMNS = ['User', 'Status', 'Source', 'Subscribed', 'Last change'] as const;

export function NewsletterSubscriptionsPanel() {
  const types = useNewsletterTypes();
  const [chosen, setChosen] = useState<string | null>(null);
  // The first type until the admin picks one.
  const typeId = chosen ?? types.data?.items[0]?.id ?? null;
  const subscriptions = useNewsletterSubscriptions(typeId);

  if (types.isPending) return <Skeleton h="40" />;
  if (types.isError) return <LoadFailed query={types} />;
  if (types.data.items.length === 0) {
    return <Text color="fg.muted">Create a newsletter type first.</Text>;
  }

  return (
    <Stack gap="4" data-testid="newsletter-subscriptions" aria-busy={subscriptions.isPending}>
      <FormField label="Newsletter type" maxW="sm">
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={typeId ?? ''}
            onChange={(event) => setChosen(event.currentTarget.value)}
          >
            {types.data.items.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
                {type.is_active ? '' : ' (inactive)'}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <NewsletterPagedTable
        pages={subscriptions}
        label="User subscriptions"
        columns={SUBSCRIPTION_COLUMNS}
        empty="No user has subscribed to this newsletter yet."
        emptyTestId="no-subscriptions"
        renderRow={(item) => (
          <Table.Row key={item.user_id} data-testid="newsletter-subscription-row">
            <Table.Cell>
              <EmailText email={item.email} fontWeight="medium" maxW="64" />
              <Text fontSize="xs" color="fg.muted">
                {[item.display_name, item.username && `@${item.username}`]
                  .filter(Boolean)
                  .join(' · ') || '—'}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={item.status === 'active' ? 'green' : 'gray'}>
                {item.status === 'active' ? 'Subscribed' : 'Unsubscribed'}
              </Badge>
            </Table.Cell>
            <Table.Cell>{item.source}</Table.Cell>
            <Table.Cell>{formatDateTime(item.subscribed_at)}</Table.Cell>
            <Table.Cell>{formatDateTime(item.last_modified_at)}</Table.Cell>
          </Table.Row>
        )}
      />
    </Stack>
  );
}
