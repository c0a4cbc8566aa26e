/**
 * "What buyers searched for and didn't find": the searches in the seller's categories over the
 * last 30 days that found fewer than 3 templates, most searched first (contract/search-demand.ts).
 * What a buyer typed is shown as text, never as markup.
 */
import { Card, Heading, List, Text } from '@chakra-ui/react';
import { SEARCH_DEMAND_TEXT, type SellerSearchDemand } from '@contract/search-demand';

export function SearchDemandCard({ demand }: { demand: SellerSearchDemand }) {
  return (
    <Card.Root
      as="section"
      variant="outline"
      aria-labelledby="analytics-search-demand"
      data-testid="analytics-search-demand"
    >
      <Card.Header>
        <Heading as="h2" size="md" id="analytics-search-demand">
          {SEARCH_DEMAND_TEXT.sellerHeading}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {SEARCH_DEMAND_TEXT.sellerIntro(demand.from, demand.to)}
        </Text>
      </Card.Header>
      <Card.Body>
        {demand.searches.length === 0 ? (
          <Text color="fg.muted">{SEARCH_DEMAND_TEXT.sellerEmpty}</Text>
        ) : (
          <List.Root gap="2" ps="5">
            {demand.searches.map((entry) => (
              <List.Item key={entry.query} data-testid="search-demand-entry">
                {SEARCH_DEMAND_TEXT.sentence(entry)}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
