import { ButtonGroup, IconButton, Pagination } from '@chakra-ui/react';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { BROWSE_PAGE_SIZE } from '@contract/browse-options';

/** Numbered pages; `page` is 0-based like the API, the buttons show 1-based numbers. */
export function BrowsePagination({
  total,
  page,
  onPageChange,
}: {
  total: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <Pagination.Root
      data-testid="pagination"
      count={total}
      pageSize={BROWSE_PAGE_SIZE}
      page={page + 1}
      siblingCount={1}
      onPageChange={(details) => onPageChange(details.page - 1)}
    >
      <ButtonGroup variant="ghost" size="sm" wrap="wrap" justifyContent="center">
        <Pagination.PrevTrigger asChild>
          <IconButton aria-label="Previous page">
            <LuChevronLeft />
          </IconButton>
        </Pagination.PrevTrigger>
        <Pagination.Items
          render={(item) => (
            <IconButton
              variant={{ base: 'ghost', _selected: 'solid' }}
              colorPalette="purple"
              aria-label={`Page ${item.value}`}
            >
              {item.value}
            </IconButton>
          )}
        />
        <Pagination.NextTrigger asChild>
          <IconButton aria-label="Next page">
            <LuChevronRight />
          </IconButton>
        </Pagination.NextTrigger>
      </ButtonGroup>
    </Pagination.Root>
  );
}
