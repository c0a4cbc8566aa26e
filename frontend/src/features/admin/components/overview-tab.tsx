/**
 * The overview: the 8 figures, the first 3 templates waiting for review and the
 * first 3 pending payouts (each with a link to its full tab), the newest contact messages, and
 * the 5 newest users.
 */
import type { ReactNode } from 'react';
import {
  Badge,
  Card,
  HStack,
  Heading,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatGbp } from '@contract/money';
import { paths } from '@/config/paths';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useAdminOverview } from '../api/get-overview';
import { ContactMessagesCard } from './contact-messages-card';
import { TEMPLATE_STATUS_LABELS, TEMPLATE_STATUS_PALETTE } from '../lib/template-review';
import { overviewStatCards } from '../lib/overview-stats';
import { payoutMonthLabel, payoutSellerLabel } from '../lib/payout-queue';
import { ROLE_LABELS, ROLE_PALETTE } from '../lib/user-management';
import { formatDate } from '@/lib/format';

export default function OverviewTab() {
  const overview = useAdminOverview();

  if (overview.isPending) {
    return (
      <Stack gap="6" data-testid="admin-overview" aria-busy>
        <Skeleton h="48" />
      </Stack>
    );
  }
  if (overview.isError) {
    return (
      <Stack gap="6" data-testid="admin-overview" aria-busy={false}>
        <QueryError {...failedQueryProps(overview)} testId="admin-overview-error" />
      </Stack>
    );
  }

  const { stats, pendingMvps, pendingPayouts, newestUsers } = overview.data;
  return (
    <Stack gap="8" data-testid="admin-overview" aria-busy={false}>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {overviewStatCards(stats).map((card) => (
          <Card.Root key={card.key} size="sm" variant="outline" data-testid={`stat-${card.key}`}>
            <Card.Body>
              <Stat.Root>
                <Stat.Label>{card.label}</Stat.Label>
                <Stat.ValueText>{card.value}</Stat.ValueText>
              </Stat.Root>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Section
          title="Pending MVPs"
          more={stats.pendingMVPs > pendingMvps.length ? stats.pendingMVPs : undefined}
          tab="mvps"
          empty="Nothing waiting for review."
          testId="overview-pending-mvps"
        >
          {pendingMvps.map((template) => (
            <PendingTemplateRow key={template.id} template={template} />
          ))}
        </Section>

        <Section
          title="Pending Payouts"
          tab="payouts"
          empty="No pending payouts."
          testId="overview-pending-payouts"
        >
          {pendingPayouts.map((payout) => (
            <PendingPayoutRow key={payout.id} payout={payout} />
          ))}
        </Section>
      </SimpleGrid>

      <ContactMessagesCard />

      <Section
        title="Newest Users"
        tab="users"
        empty="No users yet."
        testId="overview-newest-users"
      >
        {newestUsers.map((user) => (
          <NewestUserRow key={user.id} user={user} />
        ))}
      </Section>
    </Stack>
  );
}

type Overview = NonNullable<ReturnType<typeof useAdminOverview>['data']>;

function PendingTemplateRow({ template }: { template: Overview['pendingMvps'][number] }) {
  return (
    <HStack justify="space-between" gap="3" data-testid="overview-mvp">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {template.title}
        </Text>
        <Text fontSize="sm" color="fg.muted" truncate>
          {template.sellerDisplayName ?? template.sellerEmail ?? '—'}
        </Text>
      </Stack>
      <Badge colorPalette={TEMPLATE_STATUS_PALETTE[template.status]}>
        {TEMPLATE_STATUS_LABELS[template.status]}
      </Badge>
    </HStack>
  );
}

function PendingPayoutRow({ payout }: { payout: Overview['pendingPayouts'][number] }) {
  return (
    <HStack justify="space-between" gap="3" data-testid="overview-payout">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate>
          {payoutSellerLabel({
            email: payout.seller_email,
            username: payout.seller_username,
            display_name: payout.seller_display_name,
          })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {payoutMonthLabel(payout.month_year)}
        </Text>
      </Stack>
      <Text fontWeight="semibold">{formatGbp(payout.commission_amount)}</Text>
    </HStack>
  );
}

function NewestUserRow({ user }: { user: Overview['newestUsers'][number] }) {
  return (
    <HStack justify="space-between" gap="3" data-testid="overview-user">
      <Stack gap="0" minW="0">
        <Text fontWeight="medium" truncate title={user.email}>
          {user.email}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Joined {formatDate(user.created_at)}
        </Text>
      </Stack>
      <Badge colorPalette={ROLE_PALETTE[user.role]}>{ROLE_LABELS[user.role]}</Badge>
    </HStack>
  );
}

interface SectionProps {
  title: string;
  /** The tab with the full list. */
  tab: string;
  /** How many there are in all, when more than shown: the link says so. */
  more?: number;
  empty: string;
  testId: string;
  children: ReactNode[];
}

function Section({ title, tab, more, empty, testId, children }: SectionProps) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            {title}
          </Heading>
          <Link asChild colorPalette="purple" fontSize="sm">
            <RouterLink to={paths.admin.getHref(tab)}>
              {more === undefined ? 'View all' : `View all ${more}`}
            </RouterLink>
          </Link>
        </HStack>
      </Card.Header>
      <Card.Body>
        {children.length === 0 ? (
          <Text color="fg.muted">{empty}</Text>
        ) : (
          <Stack gap="3">{children}</Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
