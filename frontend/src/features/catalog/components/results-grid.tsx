import { SimpleGrid } from '@chakra-ui/react';
import type { BrowseResult } from '@contract/catalog';
import { highlighterOf } from '../lib/highlight';
import { TemplateCard } from './template-card';

/** The cards whose images are in the first screen on any width: fetched at once, not lazily. */
const EAGER_CARDS = 3;

/**
 * A page of browse results as cards, dimmed while the next answer loads; with search text, each
 * card's title and tagline mark the words that matched.
 */
export function ResultsGrid({ data, isFetching }: { data: BrowseResult; isFetching: boolean }) {
  const highlight = highlighterOf(data.matchedWords);
  return (
    <SimpleGrid
      columns={{ base: 1, md: 2, xl: 3 }}
      gap="6"
      data-testid="results-grid"
      opacity={isFetching ? 0.7 : 1}
      transition="opacity 0.2s"
    >
      {data.items.map((template, index) => (
        <TemplateCard
          key={template.id}
          mvp={template}
          eager={index < EAGER_CARDS}
          highlight={highlight}
        />
      ))}
    </SimpleGrid>
  );
}
