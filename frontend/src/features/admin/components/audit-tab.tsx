/**
 * The audit log: every admin action — who, what, on which target (by name), before → after in
 * words, when — newest first, a page at a time with Load more.
 */
import { Badge, Card, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AuditEntry } from '@contract/audit';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useAuditLog } from '../api/get-audit-log';
import { auditActionLabel, auditChanges, auditTargetLabel } from '../lib/audit-changes';
import { LoadMore } from './load-more';
import { formatDateTime } from '@/lib/format';

export default function AuditTab() {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="5" data-testid="admin-audit" aria-busy={log.isPending}>
      <Heading as="h2" size="lg">
        Audit Log
      </Heading>
      {log.isPending ? (
        <Skeleton h="40" />
      ) : log.isError && !log.isFetchNextPageError ? (
        <QueryError {...failedQueryProps(log)} testId="audit-load-error" />
      ) : entries.length === 0 ? (
        <Text color="fg.muted" py="6" data-testid="no-audit-entries">
          No admin actions yet.
        </Text>
      ) : (
        <Stack gap="3">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
          <LoadMore pages={log} />
        </Stack>
      )}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry);
  return (
    <Card.Root size="sm" variant="outline" data-testid="audit-entry">
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="purple" data-testid="audit-action">
                {auditActionLabel(entry.action)}
              </Badge>
              <Text fontSize="sm" wordBreak="break-word" title={entry.target_id}>
                {auditTargetLabel(entry)}
              </Text>
            </HStack>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              {entry.actor_email} · {formatDateTime(entry.at)}
            </Text>
          </HStack>
          {changes.length > 0 && (
            <Stack gap="0.5" fontSize="sm">
              {changes.map((change) => (
                <Text key={change.field} wordBreak="break-word">
                  <Text as="span" fontWeight="medium">
                    {change.label}
                  </Text>
                  : {change.before} → {change.after}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
