/**
 * Analytics (the admin Analytics tab): revenue, downloads and new users
 * over a day, week, month (the default) or year, as stat cards and daily charts, then the top
 * searches and those that found nothing. The charts (@chakra-ui/charts over recharts) are only in
 * this tab's chunk.
 */
import { QueryError } from '../../../components/query-error';
import { failedQueryProps } from '../../../lib/query-retry';
import { useState, type ReactNode } from 'react';
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
import { Chart, useChart } from '@chakra-ui/charts';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  NEW_USERS_WINDOW_DAYS,
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
  const rows = data ? analyticsRows(data) : [];

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

          {data ? (
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <TrendCard title="Revenue" wide>
                <RevenueChart rows={rows} period={data.period} />
              </TrendCard>
              <TrendCard title="Downloads">
                <CountChart rows={rows} period={data.period} field="downloads" color="blue.solid" />
              </TrendCard>
              <TrendCard title="New Users">
                <CountChart rows={rows} period={data.period} field="users" color="teal.solid" />
              </TrendCard>
            </SimpleGrid>
          ) : (
            <Skeleton h="64" />
          )}

          {data && <SearchDemandLists searches={data.searches} />}
        </>
      )}
    </Stack>
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

function TrendCard(props: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <Card.Root
      variant="outline"
      gridColumn={props.wide ? { lg: 'span 2' } : undefined}
      data-testid={`analytics-chart-${props.title.toLowerCase().replace(/\s+/g, '-')}`}
    >
      <Card.Body p="5" gap="3">
        <Heading as="h3" size="sm">
          {props.title}
        </Heading>
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

interface ChartProps {
  rows: AnalyticsRow[];
  period: AnalyticsPeriod;
}

/** Downloads or new users per day, as bars. */
function CountChart(props: ChartProps & { field: 'downloads' | 'users'; color: string }) {
  const chart = useChart({
    data: props.rows,
    series: [{ name: props.field, color: props.color, label: 'Count' }],
  });
  return (
    <Chart.Root maxH="56" chart={chart}>
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('day')}
          tickLine={false}
          axisLine={false}
          minTickGap={16}
          ticks={axisTicks(props.rows, props.period)}
          tickFormatter={(day: unknown) => axisLabel(day, props.period)}
        />
        <YAxis tickLine={false} axisLine={false} allowDecimals={false} width={40} />
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          animationDuration={100}
          content={<Chart.Tooltip labelFormatter={tooltipLabel} />}
        />
        {chart.series.map((item) => (
          <Bar
            key={item.name}
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            fill={chart.color(item.color)}
            radius={2}
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}

/** Money in per day (pence, shown in GBP), as an area. */
function RevenueChart(props: ChartProps) {
  const chart = useChart({
    data: props.rows,
    series: [{ name: 'revenue', color: 'purple.solid', label: 'Revenue' }],
  });
  return (
    <Chart.Root maxH="64" chart={chart}>
      <AreaChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={chart.key('day')}
          tickLine={false}
          axisLine={false}
          minTickGap={16}
          ticks={axisTicks(props.rows, props.period)}
          tickFormatter={(day: unknown) => axisLabel(day, props.period)}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={72}
          tickFormatter={(pence: number) => formatGbp(pence)}
        />
        <Tooltip
          cursor={{ stroke: chart.color('border') }}
          animationDuration={100}
          content={
            <Chart.Tooltip
              labelFormatter={tooltipLabel}
              formatter={(pence: number) => formatGbp(pence)}
            />
          }
        />
        {chart.series.map((item) => (
          <Area
            key={item.name}
            type="linear"
            isAnimationActive={false}
            dataKey={chart.key(item.name)}
            fill={chart.color(item.color)}
            fillOpacity={0.2}
            stroke={chart.color(item.color)}
            strokeWidth={2}
          />
        ))}
      </AreaChart>
    </Chart.Root>
  );
}
