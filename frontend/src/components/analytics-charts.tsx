/**
 * The analytics charts, one set for the seller's /analytics (months) and the admin's Analytics tab
 * (days): a card with a heading, counts as bars and money (pence, shown in GBP) as an area, on
 * @chakra-ui/charts over recharts. Only the pages that draw charts import this module, so recharts
 * stays out of every other page's code.
 */
import type { ReactNode } from 'react';
import { Card, Heading } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatGbp } from '@contract/money';

/** A chart's card: its heading over it, two columns wide on large screens when `wide`. */
export function ChartCard(props: {
  heading: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card.Root
      variant="outline"
      gridColumn={props.wide ? { lg: 'span 2' } : undefined}
      data-testid={props.testId}
    >
      <Card.Body p="5" gap="3">
        <Heading as="h3" size="sm">
          {props.heading}
        </Heading>
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

/** The horizontal axis: which field labels a row, and, for days, which to mark and how. */
export interface ChartAxis<Row> {
  key: keyof Row & string;
  /** The values marked on the axis (all, recharts permitting, when absent). */
  ticks?: string[];
  tickFormatter?: (value: unknown) => string;
  /** The tooltip's heading for a row's axis value. */
  tooltipLabel?: (value: unknown) => string;
  /** The least room between two marks, in pixels. */
  minTickGap: number;
}

/**
 * The rows as recharts reads them: any field by its name. (Its typed keys cannot be proved of a
 * generic row; the props keep the field names checked against the row type at each call.)
 */
const chartRows = <Row extends object>(rows: Row[]) => rows as unknown as Record<string, unknown>[];

interface SeriesChartProps<Row> {
  rows: Row[];
  axis: ChartAxis<Row>;
  field: keyof Row & string;
  /** The theme colour token of the series (`blue.solid`). */
  color: string;
  /** The series' name in the tooltip. */
  label: string;
}

/** A count per row (downloads, sales, new users…) as bars. */
export function CountBarChart<Row extends object>(props: SeriesChartProps<Row>) {
  const { axis } = props;
  const chart = useChart({
    data: chartRows(props.rows),
    series: [{ name: props.field, color: props.color, label: props.label }],
  });
  return (
    <Chart.Root maxH="56" chart={chart}>
      <BarChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={String(axis.key)}
          tickLine={false}
          axisLine={false}
          minTickGap={axis.minTickGap}
          ticks={axis.ticks}
          tickFormatter={axis.tickFormatter}
        />
        <YAxis tickLine={false} axisLine={false} allowDecimals={false} width={40} />
        <Tooltip
          cursor={{ fill: chart.color('bg.muted') }}
          animationDuration={100}
          content={<Chart.Tooltip labelFormatter={axis.tooltipLabel} />}
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

/** An amount of money per row (pence, shown in GBP) as an area. */
export function MoneyAreaChart<Row extends object>(props: SeriesChartProps<Row>) {
  const { axis } = props;
  const chart = useChart({
    data: chartRows(props.rows),
    series: [{ name: props.field, color: props.color, label: props.label }],
  });
  return (
    <Chart.Root maxH="64" chart={chart}>
      <AreaChart responsive data={chart.data}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis
          dataKey={String(axis.key)}
          tickLine={false}
          axisLine={false}
          minTickGap={axis.minTickGap}
          ticks={axis.ticks}
          tickFormatter={axis.tickFormatter}
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
              labelFormatter={axis.tooltipLabel}
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
