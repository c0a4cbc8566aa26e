/**
 * Analytics (the admin Analytics tab): revenue, downloads and new users
 * over a day, week, month (the default) or year, as stat cards and daily charts, then the top
 * searches and those that found nothing. The charts (@chakra-ui/charts over recharts) are only in
 * this tab's chunk.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import {
  Button,
  ButtonGroup,
  Card,
  HStack,
  Heading,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import {
  ChartCard,
  CountBarChart,
  MoneyAreaChart,
  type ChartAxis,
} from '@/components/analytics-charts';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  NEW_USERS_WINDOW_DAYS,
  type AdminAnalytics,
  type AnalyticsPeriod,
} from '@contract/admin-analytics';
import { formatGbp } from '@contract/money';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { SearchDemandLists } from './search-demand-lists';
import {
  analyticsRows,
  axisLabel,
  axisTicks,
  tooltipLabel,
  type AnalyticsRow,
} from '../lib/analytics-chart';

const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  year: 'Year',
};

const PERIOD_TEXT: Record<AnalyticsPeriod, string> = {
  day: 'Today',
  week: 'Last 7 days',
  month: 'Last 30 days',
  year: 'Last 365 days',
};

export default function AnalyticsTab() {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const analytics = useAdminAnalytics(period);
  const data = analytics.data;

  return (
    <Stack gap="5" data-testid="admin-analytics" aria-busy={analytics.isFetching}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0.5">
          <Heading as="h2" size="lg">
            Analytics
          </Heading>
          {data && (
            <Text fontSize="sm" color="fg.muted" data-testid="analytics-range">
              {PERIOD_TEXT[data.period]} · {tooltipLabel(data.from)} – {tooltipLabel(data.to)} (UTC)
            </Text>
          )}
        </Stack>
        <PeriodPicker period={period} onChange={setPeriod} />
      </HStack>

      {analytics.isError ? (
        <QueryError
          {...failedQueryProps(analytics)}
          title={ANALYTICS_MESSAGES.loadFailed}
          testId="analytics-error"
        />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <StatCard
              id="revenue"
              label="Revenue"
              value={data && formatGbp(data.counts.totalRevenue)}
              help={data && `${PERIOD_TEXT[data.period]}, before refunds`}
            />
            <StatCard
              id="downloads"
              label="Downloads"
              value={data?.counts.totalDownloads.toLocaleString('en-GB')}
              help={data && PERIOD_TEXT[data.period]}
            />
            <StatCard
              id="new-users"
              label="New Users"
              value={data?.counts.newUsers.toLocaleString('en-GB')}
              help={`Last ${NEW_USERS_WINDOW_DAYS} days`}
            />
          </SimpleGrid>

          {data ? <DailyCharts data={data} /> : <Skeleton h="64" />}

          {data && <SearchDemandLists searches={data.searches} />}
        </>
      )}
    </Stack>
  );
}

/** The period's money in, downloads and new users per day. */
function DailyCharts({ data }: { data: AdminAnalytics }) {
  const rows = analyticsRows(data);
  const axis: ChartAxis<AnalyticsRow> = {
    key: 'day',
    minTickGap: 16,
    ticks: axisTicks(rows, data.period),
    tickFormatter: (day) => axisLabel(day, data.period),
    tooltipLabel,
  };
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <ChartCard heading="Revenue" testId="analytics-chart-revenue" wide>
        <MoneyAreaChart
          rows={rows}
          axis={axis}
          field="revenue"
          color="purple.solid"
          label="Revenue"
        />
      </ChartCard>
      <ChartCard heading="Downloads" testId="analytics-chart-downloads">
        <CountBarChart rows={rows} axis={axis} field="downloads" color="blue.solid" label="Count" />
      </ChartCard>
      <ChartCard heading="New Users" testId="analytics-chart-new-users">
        <CountBarChart rows={rows} axis={axis} field="users" color="teal.solid" label="Count" />
      </ChartCard>
    </SimpleGrid>
  );
}

/** Day / Week / Month / Year, one pressed. */
function PeriodPicker(props: {
  period: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  return (
    <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Period">
      {ANALYTICS_PERIODS.map((option) => (
        <Button
          key={option}
          aria-pressed={props.period === option}
          variant={props.period === option ? 'solid' : 'outline'}
          colorPalette="purple"
          onClick={() => props.onChange(option)}
        >
          {PERIOD_LABELS[option]}
        </Button>
      ))}
    </ButtonGroup>
  );
}

function StatCard(props: {
  id: string;
  label: string;
  value: string | undefined;
  help: string | undefined;
}) {
  return (
    <Card.Root variant="outline" data-testid={`analytics-stat-${props.id}`}>
      <Card.Body p="5">
        <Stat.Root>
          <Stat.Label>{props.label}</Stat.Label>
          <Stat.ValueText>{props.value ?? <Skeleton h="8" w="24" />}</Stat.ValueText>
          {/* A definition list holds only terms and definitions: the help is one too. */}
          {props.help && <Stat.HelpText as="dd">{props.help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
