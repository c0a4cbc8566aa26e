import { Suspense, useDeferredValue, useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, HStack, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { TemplateSummary } from '@contract/catalog';
import { TEMPLATE_CATEGORIES } from '@contract/categories';
import { FEATURED_SHOWN } from '@contract/featured';
import { paths } from '@/config/paths';
import { lazyPage } from '@/lib/lazy-page';
import { failedQueryProps } from '@/lib/query-retry';
import { useFeaturedTemplates } from '../api/get-featured-templates';
import * as recipes from '@/components/layout/recipes.module.css';
import * as styles from './home.module.css';

// Loaded only when the featured read failed: the alert's code and recipe stay off the home
// page's first load (its 150 KB budget, test/e2e/bundle-size.test.ts).
const QueryError = lazyPage(() => import('@/components/query-error'));

/**
 * The category pills filter the featured list by the browse categories (the original
 * pills highlighted without filtering, which users read as broken; its "AI Apps" is no category a
 * template can have, so the pills are the browse filter's own).
 */
const PILLS = ['All', ...TEMPLATE_CATEGORIES] as const;
type Pill = (typeof PILLS)[number];

/**
 * Featured templates: 6 requested by download count, the first 3 shown, skeletons while loading,
 * why with Try again when they could not be loaded, 'No templates found' when there are none. The card comes from the route (features stay apart).
 */
export function FeaturedTemplates({
  renderCard,
}: {
  renderCard: (template: TemplateSummary) => ReactNode;
}) {
  const [pill, setPill] = useState<Pill>('All');
  const featured = useFeaturedTemplates(pill === 'All' ? null : pill);
  // The cards render in a background render React slices, not in the query's urgent update
  // (one long task on a phone; docs/architecture.md, Mobile performance).
  const data = useDeferredValue(featured.data);
  const shown = data?.items.slice(0, FEATURED_SHOWN) ?? [];

  return (
    <section className={styles.section} aria-labelledby="featured-heading">
      <div className={styles.container7xl}>
        <div className={styles.featuredStack}>
          <div className={styles.featuredHeader}>
            <h2 id="featured-heading" className={recipes.heading3xl}>
              Featured templates
            </h2>
            <p className={styles.muted}>The most downloaded starters on the marketplace.</p>
          </div>
          <HStack gap="2" justify="center" flexWrap="wrap">
            {PILLS.map((value) => (
              <Button
                key={value}
                size="sm"
                rounded="full"
                variant={pill === value ? 'solid' : 'outline'}
                colorPalette="purple"
                aria-pressed={pill === value}
                onClick={() => setPill(value)}
              >
                {value}
              </Button>
            ))}
          </HStack>
          {featured.isError && data === undefined ? (
            <Suspense fallback={null}>
              <QueryError {...failedQueryProps(featured)} testId="featured-error" />
            </Suspense>
          ) : data === undefined ? (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" data-testid="featured-loading">
              {Array.from({ length: FEATURED_SHOWN }, (_, index) => (
                <Skeleton key={index} height="96" rounded="xl" />
              ))}
            </SimpleGrid>
          ) : shown.length === 0 ? (
            <Text textAlign="center" color="fg.muted" py="10" data-testid="featured-empty">
              No templates found
            </Text>
          ) : (
            <SimpleGrid
              columns={{ base: 1, md: 3 }}
              gap="6"
              data-testid="featured-templates"
              aria-busy={featured.isPlaceholderData}
              opacity={featured.isPlaceholderData ? 0.6 : 1}
            >
              {shown.map((template) => (
                <Box key={template.id}>{renderCard(template)}</Box>
              ))}
            </SimpleGrid>
          )}
          <Button asChild variant="outline" alignSelf="center">
            <RouterLink
              to={
                pill === 'All'
                  ? paths.browse.getHref()
                  : paths.browse.getHref(new URLSearchParams({ category: pill }))
              }
            >
              {pill === 'All' ? 'View all templates' : `View all ${pill} templates`}
            </RouterLink>
          </Button>
        </div>
      </div>
    </section>
  );
}
