/**
 * `/analytics` for approved sellers: the all-time seller figures (the dashboard's own), then their
 * templates over the last twelve months: downloads, one-time sales, earnings and verified ratings,
 * for all templates or one, as figures, monthly charts and a table, with a CSV export; then what
 * buyers searched for in the seller's categories and didn't find. The charts (@chakra-ui/charts
 * over recharts) load with this page only.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import { LuDownload, LuInfo } from 'react-icons/lu';
import { formatGbp } from '@contract/money';
import type { AnalyticsMonth, SellerAnalytics } from '@contract/seller-analytics';
import { SELLER_FIGURES_TEXT, type SellerFigures } from '@contract/seller-figures';
import {
  ChartCard,
  CountBarChart,
  MoneyAreaChart,
  type ChartAxis,
} from '@/components/analytics-charts';
import { TableScrollArea } from '@/components/table-scroll-area';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { errorMessage } from '@/lib/api-error';
import { formatCount, formatMonthYear, formatRating } from '@/lib/format';
import { useExportSellerAnalytics } from '../api/export-seller-analytics';
import { useSellerAnalytics } from '../api/get-seller-analytics';
import { SearchDemandCard } from './search-demand-card';
import { formatShortMonth } from '@/lib/format';

const ALL = 'all';

export function SellerAnalyticsView() {
  const analytics = useSellerAnalytics();
  const exporter = useExportSellerAnalytics();
  const [selected, setSelected] = useState(ALL);
  const data = analytics.data;

  return (
    <Stack gap="6" data-testid="seller-analytics" aria-busy={analytics.isFetching}>
      <HStack justify="space-between" align="end" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="3xl">
            Analytics
          </Heading>
          <Text color="fg.muted">
            Downloads, sales, earnings and ratings of your templates, month by month
            {data
              ? ` (${formatMonthYear(data.months[0]!)} – ${formatMonthYear(data.months.at(-1)!)})`
              : ''}
            .
          </Text>
        </Stack>
        <Button
          variant="outline"
          colorPalette="purple"
          loading={exporter.isPending}
          disabled={!data}
          onClick={() => exporter.mutate()}
        >
          <LuDownload /> Export CSV
        </Button>
      </HStack>
      {exporter.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(exporter.error)}</Alert.Title>
        </Alert.Root>
      )}

      {analytics.isError ? (
        <QueryError
          {...failedQueryProps(analytics)}
          title="Failed to load your analytics."
          testId="seller-analytics-error"
        />
      ) : !data ? (
        <Skeleton h="96" />
      ) : data.templates.length === 0 ? (
        <Alert.Root status="info" data-testid="seller-analytics-empty">
          <Alert.Indicator />
          <Alert.Title>
            You have no templates yet. Their downloads, sales and ratings will show here.
          </Alert.Title>
        </Alert.Root>
      ) : (
        <AnalyticsBody data={data} selected={selected} onSelect={setSelected} />
      )}
    </Stack>
  );
}

function AnalyticsBody(props: {
  data: SellerAnalytics;
  selected: string;
  onSelect: (id: string) => void;
}) {
  const { data, selected } = props;
  const template = data.templates.find((item) => item.mvp_id === selected);
  const months = template ? template.months : data.overall.months;
  const totals = template ? template.totals : data.overall.totals;
  const allTime = template ? template.all_time : data.overall.all_time;
  const rows = months.map((month) => ({ ...month, label: formatShortMonth(month.month) }));

  return (
    <Stack gap="6">
      <TemplateSelect templates={data.templates} selected={selected} onSelect={props.onSelect} />

      <AllTimeFigures figures={allTime} whole={!template} />

      <Heading as="h2" size="md">
        {SELLER_FIGURES_TEXT.window}
      </Heading>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        <Figure id="downloads" label="Downloads" value={formatCount(totals.downloads)} />
        <Figure
          id="sales"
          label="Sales"
          value={formatCount(totals.sales)}
          help={`${formatGbp(totals.sales_amount)} after refunds`}
        />
        <Figure
          id="earnings"
          label="Earnings"
          value={formatGbp(totals.earnings)}
          help="Your share"
        />
        <Figure
          id="rating"
          label="Average rating"
          value={totals.average_rating === null ? '–' : formatRating(totals.average_rating)}
          help={SELLER_FIGURES_TEXT.ratings(totals.ratings)}
        />
      </SimpleGrid>

      <MonthCharts rows={rows} />

      <Alert.Root status="info" variant="subtle" data-testid="analytics-pool-note">
        <Alert.Indicator>
          <LuInfo />
        </Alert.Indicator>
        <Alert.Title fontWeight="normal">
          Earnings are 70% of your one-time sales plus your share of the subscription pool, which is
          added when a month&apos;s payout is calculated on the 1st of the next month
          {data.pool_pending_months.includes(data.months.at(-1)!)
            ? `, so ${formatMonthYear(data.months.at(-1)!)} does not include it yet`
            : ''}
          .
        </Alert.Title>
      </Alert.Root>

      <ByTemplateTable templates={data.templates} />

      <SearchDemandCard demand={data.search_demand} />
    </Stack>
  );
}

/**
 * The all-time seller figures (contract/seller-figures.ts), the dashboard's own: of all templates
 * (`whole`), or of the one selected.
 */
function AllTimeFigures({ figures, whole }: { figures: SellerFigures; whole: boolean }) {
  return (
    <Stack gap="2" as="section" aria-labelledby="analytics-all-time">
      <Heading as="h2" size="md" id="analytics-all-time">
        {SELLER_FIGURES_TEXT.allTime}
      </Heading>
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        <Figure
          id="all-time-downloads"
          label="Total downloads"
          value={formatCount(figures.downloads)}
          help={whole ? SELLER_FIGURES_TEXT.downloads : undefined}
        />
        <Figure
          id="all-time-rating"
          label="Average rating"
          value={figures.average_rating === null ? '–' : formatRating(figures.average_rating)}
          help={SELLER_FIGURES_TEXT.ratings(figures.ratings)}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** All templates, or one of them. */
function TemplateSelect(props: {
  templates: SellerAnalytics['templates'];
  selected: string;
  onSelect: (id: string) => void;
}) {
  return (
    <Field.Root maxW={{ base: 'full', sm: 'sm' }}>
      <Field.Label>Template</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={props.selected}
          onChange={(event) => props.onSelect(event.currentTarget.value)}
          data-testid="analytics-template-select"
        >
          <option value={ALL}>All templates</option>
          {props.templates.map((item) => (
            <option key={item.mvp_id} value={item.mvp_id}>
              {item.title}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Each template's totals of the twelve months. */
function ByTemplateTable(props: { templates: SellerAnalytics['templates'] }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        By template
      </Heading>
      <TableScrollArea label="Your templates, totals of the last twelve months">
        <Table.Root size="sm" data-testid="analytics-templates">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Template</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Downloads</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sales</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Earnings</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Rating</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {props.templates.map((item) => (
              <Table.Row key={item.mvp_id}>
                <Table.Cell>{item.title}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(item.totals.downloads)}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(item.totals.sales)}</Table.Cell>
                <Table.Cell textAlign="end">{formatGbp(item.totals.earnings)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {item.totals.average_rating === null
                    ? '–'
                    : `${formatRating(item.totals.average_rating)} (${formatCount(item.totals.ratings)})`}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScrollArea>
    </Stack>
  );
}

function Figure(props: { id: string; label: string; value: string; help?: string }) {
  return (
    <Card.Root variant="outline" data-testid={`analytics-figure-${props.id}`}>
      <Card.Body p={{ base: '4', md: '5' }}>
        <Stat.Root>
          <Stat.Label>{props.label}</Stat.Label>
          <Stat.ValueText>{props.value}</Stat.ValueText>
          {props.help && <Stat.HelpText as="dd">{props.help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

type ChartRow = AnalyticsMonth & { label: string };

/** The twelve months' earnings, downloads, sales and verified reviews. */
function MonthCharts({ rows }: { rows: ChartRow[] }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <ChartCard heading="Earnings per month" testId="analytics-chart-earnings" wide>
        <MoneyAreaChart
          rows={rows}
          axis={MONTHS}
          field="earnings"
          color="purple.solid"
          label="Earnings"
        />
      </ChartCard>
      <ChartCard heading="Downloads per month" testId="analytics-chart-downloads">
        <CountBarChart
          rows={rows}
          axis={MONTHS}
          field="downloads"
          color="blue.solid"
          label="Downloads"
        />
      </ChartCard>
      <ChartCard heading="Sales per month" testId="analytics-chart-sales">
        <CountBarChart rows={rows} axis={MONTHS} field="sales" color="teal.solid" label="Sales" />
      </ChartCard>
      <ChartCard heading="Reviews per month" testId="analytics-chart-reviews">
        <CountBarChart
          rows={rows}
          axis={MONTHS}
          field="ratings"
          color="orange.solid"
          label="Verified reviews"
        />
      </ChartCard>
    </SimpleGrid>
  );
}

/** The months' axis: each row's short month name. */
const MONTHS: ChartAxis<ChartRow> = { key: 'label', minTickGap: 8 };
