/**
 * The Newsletter tab's lists read a page at a time (subscribers, user subscriptions): a skeleton
 * while the first page loads, the load failure with Try again, a line when the list is empty, else the
 * table, and under it Load more (or the failure of the next page).
 */
import type { ReactNode } from 'react';
import { Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { TableScrollArea } from '@/components/table-scroll-area';
import { NEWSLETTER_ADMIN_MESSAGES } from '@contract/admin-newsletter';
import { LoadFailed } from './newsletter-load-failed';
import { LoadMore } from './load-more';

export interface NewsletterPagedTableProps<Item> {
  pages: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>;
  /** The table's accessible name. */
  label: string;
  columns: readonly string[];
  /** Shown, with `emptyTestId`, when there is nothing at all. */
  empty: ReactNode;
  emptyTestId: string;
  /** One row per item (its `Table.Row` with key and cells). */
  renderRow: (item: Item) => ReactNode;
}

function PagedRows<Item>({
  label,
  columns,
  items,
  renderRow,
}: Pick<NewsletterPagedTableProps<Item>, 'label' | 'columns' | 'renderRow'> & { items: Item[] }) {
  return (
    <TableScrollArea label={label}>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{items.map(renderRow)}</Table.Body>
      </Table.Root>
    </TableScrollArea>
  );
}

export function NewsletterPagedTable<Item>({
  pages,
  label,
  columns,
  empty,
  emptyTestId,
  renderRow,
}: NewsletterPagedTableProps<Item>) {
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  if (pages.isPending) return <Skeleton h="40" />;
  if (pages.isError && !pages.isFetchNextPageError) return <LoadFailed query={pages} />;
  return (
    <Stack gap="3">
      {items.length === 0 && !pages.hasNextPage ? (
        <Text color="fg.muted" py="6" data-testid={emptyTestId}>
          {empty}
        </Text>
      ) : (
        items.length > 0 && (
          <PagedRows label={label} columns={columns} items={items} renderRow={renderRow} />
        )
      )}
      <LoadMore pages={pages} failedTitle={NEWSLETTER_ADMIN_MESSAGES.loadFailed} />
    </Stack>
  );
}
