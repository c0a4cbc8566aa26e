/** "Load more" under an admin list read a page at a time (users, audit, newsletter lists). */
import { Button, Center } from '@chakra-ui/react';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Nothing when there is no next page. */
export function LoadMore({ pages }: { pages: PagedQuery }) {
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
