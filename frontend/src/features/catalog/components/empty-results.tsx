import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { BrowseResult } from '@contract/catalog';
import { paths } from '@/config/paths';
import { filtersToSearchParams, type BrowseFilters } from '../lib/browse-filters';
import { describeFilters, joinPhrases, withoutFilters } from '../lib/empty-result';
import { TemplateCard } from './template-card';

const browseHref = (filters: BrowseFilters) =>
  paths.browse.getHref(filtersToSearchParams({ ...filters, page: 0 }));

const results = (total: number) => `${total} ${total === 1 ? 'result' : 'results'}`;

interface EmptyResultsProps {
  /** An answer that found nothing, with the ways on the catalog offers (any may be absent). */
  result: Pick<BrowseResult, 'didYouMean' | 'withoutFilters' | 'nearby'>;
  filters: BrowseFilters;
}

/**
 * Beneath "No MVPs found": the search spelt as the catalog spells it, the count without the
 * filters that emptied the page (each a link to that browse), and the most downloaded templates
 * of the nearest category.
 */
export function EmptyResults({ result, filters }: EmptyResultsProps) {
  const { didYouMean, withoutFilters: relaxed, nearby } = result;
  const dropped = relaxed ? describeFilters(filters, relaxed.removed) : [];
  return (
    <Stack gap="6" data-testid="empty-result-help">
      {(didYouMean || (relaxed && dropped.length > 0)) && (
        <Stack gap="2" textAlign="center">
          {didYouMean && (
            <Text data-testid="did-you-mean">
              Did you mean{' '}
              <Link asChild colorPalette="purple" fontWeight="semibold">
                <RouterLink to={browseHref({ ...filters, search: didYouMean.q })}>
                  {didYouMean.q}
                </RouterLink>
              </Link>
              ?{' '}
              <Text as="span" color="fg.muted">
                ({results(didYouMean.total)})
              </Text>
            </Text>
          )}
          {relaxed && dropped.length > 0 && (
            <Text data-testid="without-filters">
              <Link asChild colorPalette="purple" fontWeight="semibold">
                <RouterLink to={browseHref(withoutFilters(filters, relaxed.removed))}>
                  {results(relaxed.total)} without {joinPhrases(dropped)}
                </RouterLink>
              </Link>
            </Text>
          )}
        </Stack>
      )}
      {nearby && nearby.templates.length > 0 && (
        <Stack gap="4" as="section" aria-labelledby="popular-nearby" data-testid="nearby-templates">
          <Heading as="h2" size="md" id="popular-nearby">
            Popular in {nearby.category}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            {nearby.templates.map((template) => (
              <TemplateCard key={template.id} mvp={template} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
