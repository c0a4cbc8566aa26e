/**
 * The admin Analytics tab's searches (contract/search-demand.ts): how many searches the period
 * counted, the most searched, and the most searched of those that found nothing. What a buyer
 * typed is shown as text, never as markup.
 */
import { Card, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import {
  SEARCH_DEMAND_TEXT,
  type AdminSearchDemand,
  type SearchDemandEntry,
} from '@contract/search-demand';

export function SearchDemandLists({ searches }: { searches: AdminSearchDemand }) {
  return (
    <Stack gap="3" as="section" aria-labelledby="admin-search-demand" data-testid="admin-searches">
      <Heading as="h3" size="md" id="admin-search-demand">
        {SEARCH_DEMAND_TEXT.adminHeading}
      </Heading>
      <Text fontSize="sm" color="fg.muted" data-testid="admin-searches-total">
        {SEARCH_DEMAND_TEXT.adminTotal(searches.total_searches, searches.from, searches.to)}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <SearchList
          title={SEARCH_DEMAND_TEXT.adminTop}
          entries={searches.top}
          testId="admin-top-searches"
        />
        <SearchList
          title={SEARCH_DEMAND_TEXT.adminZero}
          entries={searches.zero_results}
          testId="admin-zero-result-searches"
        />
      </SimpleGrid>
    </Stack>
  );
}

function SearchList(props: { title: string; entries: SearchDemandEntry[]; testId: string }) {
  return (
    <Card.Root variant="outline" data-testid={props.testId}>
      <Card.Header>
        <Heading as="h4" size="sm">
          {props.title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {props.entries.length === 0 ? (
          <Text color="fg.muted">{SEARCH_DEMAND_TEXT.adminEmpty}</Text>
        ) : (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Search</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Searches</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Results</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {props.entries.map((entry) => (
                <Table.Row key={entry.query}>
                  <Table.Cell>{entry.query}</Table.Cell>
                  <Table.Cell textAlign="end">{entry.searches.toLocaleString('en-GB')}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {entry.result_count.toLocaleString('en-GB')}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
