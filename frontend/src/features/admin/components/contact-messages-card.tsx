/**
 * The overview's "Contact messages" card: the 5 newest new messages (name, e-mail,
 * subject, the message's first line, when) with "Mark as handled", and a switch to the handled
 * ones.
 */
import { useState } from 'react';
import { Alert, Button, Card, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ContactMessage, ContactStatus } from '@contract/contact';
import { errorMessage } from '@/lib/api-error';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useAdminContactMessages } from '../api/get-contact-messages';
import { useHandleContactMessage } from '../api/handle-contact-message';
import { formatDateTime } from '@/lib/format';

const SHOWN = 5;

const firstLine = (message: string): string => message.split(/\r?\n/, 1)[0] ?? '';

const when = (iso: string): string => formatDateTime(iso);

export function ContactMessagesCard() {
  const [status, setStatus] = useState<ContactStatus>('new');
  const messages = useAdminContactMessages(status, SHOWN);
  const handle = useHandleContactMessage();

  return (
    <Card.Root variant="outline" data-testid="overview-contact-messages">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            Contact messages
          </Heading>
          <Button
            variant="ghost"
            size="xs"
            colorPalette="purple"
            onClick={() => setStatus(status === 'new' ? 'handled' : 'new')}
            data-testid="contact-status-toggle"
          >
            {status === 'new' ? 'Show handled' : 'Show new'}
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        {handle.isError && (
          <Alert.Root status="error" size="sm" mb="3">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(handle.error)}</Alert.Title>
          </Alert.Root>
        )}
        {messages.isPending ? (
          <Skeleton h="24" />
        ) : messages.isError ? (
          <QueryError {...failedQueryProps(messages)} testId="contact-messages-error" />
        ) : messages.data.length === 0 ? (
          <Text color="fg.muted">
            {status === 'new' ? 'No new messages.' : 'No handled messages yet.'}
          </Text>
        ) : (
          <Stack gap="4">
            {messages.data.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                busy={handle.isPending && handle.variables === message.id}
                onHandle={() => handle.mutate(message.id)}
              />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function MessageRow({
  message,
  busy,
  onHandle,
}: {
  message: ContactMessage;
  busy: boolean;
  onHandle: () => void;
}) {
  return (
    <HStack justify="space-between" align="flex-start" gap="3" data-testid="contact-message">
      <Stack gap="0.5" minW="0">
        <Text fontWeight="medium" truncate>
          {message.subject}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate title={message.email}>
          {message.name} · {message.email}
        </Text>
        <Text fontSize="sm" truncate>
          {firstLine(message.message)}
        </Text>
        <Text fontSize="xs" color="fg.subtle">
          {when(message.created_at)}
          {message.handled_at ? ` · handled ${when(message.handled_at)}` : ''}
        </Text>
      </Stack>
      {message.status === 'new' && (
        <Button size="xs" variant="outline" flexShrink={0} loading={busy} onClick={onHandle}>
          Mark as handled
        </Button>
      )}
    </HStack>
  );
}
