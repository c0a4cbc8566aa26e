import { useDeferredValue, useEffect } from 'react';
import {
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Flex,
  Grid,
  Heading,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useTemplates } from '../api/get-templates';
import { hasActiveFilters, shouldPaginate } from '../lib/browse-filters';
import { useBrowseFilters } from '../lib/use-browse-filters';
import { BrowsePagination } from './browse-pagination';
import { EmptyResults } from './empty-results';
import { FilterPanel } from './filter-panel';
import { ResultsGrid } from './results-grid';

function CardSkeleton() {
  return (
    <Card.Root variant="outline" overflow="hidden" data-testid="mvp-card-skeleton">
      <Skeleton aspectRatio={16 / 9} />
      <Card.Body gap="3">
        <Skeleton h="5" w="70%" />
        <SkeletonText noOfLines={2} />
        <Skeleton h="5" w="50%" />
      </Card.Body>
    </Card.Root>
  );
}

/** Placeholders in the results grid's shape while the first page loads. */
function LoadingGrid() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <CardSkeleton key={index} />
      ))}
    </SimpleGrid>
  );
}

interface NoResultsProps {
  /** Whether any filter is set, so clearing them could bring results back. */
  canClear: boolean;
  onClear: () => void;
}

/** Nothing matches the filters: a hint, and a way to clear them when any is set. */
function NoResults({ canClear, onClear }: NoResultsProps) {
  return (
    <EmptyState.Root data-testid="empty-state" borderWidth="1px" rounded="l3">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <EmptyState.Title>No MVPs found</EmptyState.Title>
        <EmptyState.Description>
          Try adjusting your search criteria or clearing some filters.
        </EmptyState.Description>
        {canClear && (
          <Button size="sm" variant="outline" onClick={onClear}>
            Clear All
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** `/mvps`: filters on the side, the results grid and pagination beside them. */
export function BrowseView() {
  const actions = useBrowseFilters();
  const { filters, goToPage, clearFilters } = actions;
  const templates = useTemplates(filters);
  const { data: answer, error, isFetching } = templates;
  // The answer renders in a background render that React slices so a phone stays responsive: the
  // query's own update is urgent and would draw all twelve cards in one long task (docs/architecture.md,
  // Mobile performance). Until then the skeletons stay, also when boot had the answer before the
  // page's first render (app/early-data.ts): that render draws the page's frame, the cards follow.
  const data = useDeferredValue(answer, null) ?? undefined;
  const lastPage = data ? Math.max(0, Math.ceil(data.total / data.pageSize) - 1) : 0;
  const pastTheEnd = Boolean(data && data.items.length === 0 && filters.page > lastPage);

  // A shared or stale link can point past the last page (the catalog shrank): show the last one.
  useEffect(() => {
    if (pastTheEnd) goToPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, goToPage]);

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Stack gap="2" mb="8">
        <Heading as="h1" size="3xl" letterSpacing="tight">
          Browse MVPs
        </Heading>
        <Text color="fg.muted">
          Production-ready starter templates, reviewed and ready to download.
        </Text>
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: '300px 1fr' }} gap="8" alignItems="start">
        <Box position={{ lg: 'sticky' }} top={{ lg: '20' }}>
          <FilterPanel {...actions} />
        </Box>
        <Stack gap="6" minW="0">
          {error && <QueryError {...failedQueryProps(templates)} testId="browse-error" />}
          {data && !pastTheEnd && (
            <Flex justify="space-between" align="center" gap="3">
              <Text data-testid="results-count" color="fg.muted" fontSize="sm" aria-live="polite">
                Showing {data.items.length} of {data.total} MVPs
              </Text>
              {isFetching && (
                <Text fontSize="xs" color="fg.subtle">
                  Updating…
                </Text>
              )}
            </Flex>
          )}
          {data === undefined && !error && <LoadingGrid />}
          {data && data.items.length === 0 && !pastTheEnd && (
            <>
              <NoResults canClear={hasActiveFilters(filters)} onClear={clearFilters} />
              <EmptyResults result={data} filters={filters} />
            </>
          )}
          {/* The results' heading, for the outline: on phones the filters' h2 is folded away, and
              the cards' titles are h3. */}
          <VisuallyHidden as="h2">Templates</VisuallyHidden>
          {data && data.items.length > 0 && <ResultsGrid data={data} isFetching={isFetching} />}
          {data && shouldPaginate(data.total, data.pageSize) && (
            <Flex justify="center" pt="4">
              <BrowsePagination
                total={data.total}
                page={filters.page}
                onPageChange={(page) => {
                  goToPage(page);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </Flex>
          )}
        </Stack>
      </Grid>
    </Container>
  );
}
