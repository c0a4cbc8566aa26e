/**
 * "Load more" under an admin list read a page at a time (users, audit, newsletter lists), or, when
 * the next page failed, why with Try again in its place; the pages already shown stay.
 */
import type { ReactNode } from 'react';
import { Button, Center } from '@chakra-ui/react';
import { QueryError } from '@/components/query-error';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** Nothing when there is no next page. `failedTitle`: the list's own words for a failed load. */
export function LoadMore({ pages, failedTitle }: { pages: PagedQuery; failedTitle?: ReactNode }) {
  if (pages.isFetchNextPageError) {
    return (
      <QueryError
        error={pages.error}
        title={failedTitle}
        onRetry={pages.fetchNextPage}
        retrying={pages.isFetchingNextPage}
        testId="load-more-error"
      />
    );
  }
  if (!pages.hasNextPage) return null;
  return (
    <Center>
      <Button
        variant="outline"
        colorPalette="purple"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        Load more
      </Button>
    </Center>
  );
}
