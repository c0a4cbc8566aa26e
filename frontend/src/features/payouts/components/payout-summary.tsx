/** The payouts page's four figures, in the currency paid (GBP). */
import { Card, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { formatGbp } from '@contract/money';
import type { PayoutSummary as Summary } from '@contract/payouts';
import { formatCount } from '@/lib/format';

export function PayoutSummary({ summary }: { summary: Summary | undefined }) {
  const cards = [
    {
      label: 'Total Earnings',
      value: summary && formatGbp(summary.total_earnings),
      help: 'Paid out to you so far',
    },
    {
      label: 'Pending Payouts',
      value: summary && formatGbp(summary.pending_payouts),
      help: 'Earned, not yet paid out',
    },
    {
      label: 'This Month',
      value: summary && formatGbp(summary.this_month_estimate),
      help: 'Estimate from this month’s downloads so far',
    },
    {
      label: 'Total Downloads',
      value: summary && formatCount(summary.total_downloads),
      help: 'Of your templates, all time',
    },
  ];
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
      {cards.map((card) => (
        <Card.Root
          key={card.label}
          variant="outline"
          data-testid={`payout-stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          <Card.Body p="5">
            <Stat.Root>
              <Stat.Label>{card.label}</Stat.Label>
              <Stat.ValueText>{card.value ?? <Skeleton h="8" w="24" />}</Stat.ValueText>
              {/* A definition list holds only terms and definitions: the help is one too. */}
              <Stat.HelpText as="dd">{card.help}</Stat.HelpText>
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
