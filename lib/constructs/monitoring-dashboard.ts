/**
 * The one CloudWatch dashboard: alarm states on top, then the API, functions, workflows, the
 * table, and the business facts the runtime counts (contract/design/metrics.ts).
 */
import { Duration } from 'aws-cdk-lib';
import {
  AlarmStatusWidget,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  Stats,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IAlarm, IMetric, IWidget } from 'aws-cdk-lib/aws-cloudwatch';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  businessMetrics,
  healthMetrics,
  metricsNamespace,
  metricsServiceDimension,
} from '../../contract/design/metrics';
import type { Api } from './api';
import type { MarketplaceFunction } from './marketplace-function';

/**
 * A metric of ours summed over every service that emits it (a Metrics Insights query), so one
 * alarm or line covers every domain, present and future, with the exact emitted dimensions.
 */
export const insightsSum = (metricName: string, period: Duration): MathExpression =>
  new MathExpression({
    expression:
      `SELECT SUM(${metricName}) FROM SCHEMA(${metricsNamespace}, ` + `${metricsServiceDimension})`,
    usingMetrics: {},
    label: metricName,
    period,
  });

export interface MonitoringDashboardProps {
  readonly api: Api;
  readonly table: Table;
  readonly functions: readonly MarketplaceFunction[];
  readonly stateMachines: readonly { name: string; stateMachine: StateMachine }[];
  readonly alarms: readonly IAlarm[];
  /** The site's CloudFront distribution and its web ACL's metric name (none without WAF). */
  readonly edge?: { distribution: Distribution; webAclMetricName?: string };
}

const FIVE_MINUTES = Duration.minutes(5);
const WIDE = 24;
const HALF = 12;

const graph = (title: string, left: IMetric[], width = HALF): GraphWidget =>
  new GraphWidget({ title, left, width, height: 6 });

const heading = (markdown: string): TextWidget =>
  new TextWidget({ markdown, width: WIDE, height: 1 });

export class MonitoringDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringDashboardProps) {
    super(scope, id);
    this.dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(6),
    });
    const rows: IWidget[][] = [
      alarmWidgets(props.alarms),
      ...(props.edge ? [[heading('## Edge (CloudFront and WAF)')], edgeWidgets(props.edge)] : []),
      [heading('## API')],
      apiWidgets(props.api),
      [heading('## Functions')],
      functionWidgets(props.functions),
      [heading('## Workflows and table')],
      workflowWidgets(props.stateMachines, props.table),
      [heading('## Business')],
      businessWidgets(),
    ];
    for (const row of rows) this.dashboard.addWidgets(...row);
  }
}

/** An alarm status widget holds at most 100 alarms. */
const alarmWidgets = (alarms: readonly IAlarm[]): IWidget[] => {
  const widgets: IWidget[] = [];
  for (let start = 0; start < alarms.length; start += 100) {
    const title = start === 0 ? 'Alarms' : 'Alarms (continued)';
    const chunk = alarms.slice(start, start + 100);
    widgets.push(new AlarmStatusWidget({ title, alarms: chunk, width: WIDE, height: 6 }));
  }
  return widgets;
};

const apiWidgets = (api: Api): IWidget[] => {
  const { httpApi } = api;
  const sum = { statistic: Stats.SUM, period: FIVE_MINUTES };
  return [
    graph('API requests and errors', [
      httpApi.metricCount(sum),
      httpApi.metricClientError(sum),
      httpApi.metricServerError(sum),
    ]),
    graph('API latency', [
      httpApi.metricLatency({ statistic: Stats.p(50), period: FIVE_MINUTES }),
      httpApi.metricLatency({ statistic: Stats.p(99), period: FIVE_MINUTES }),
    ]),
    graph(
      'Unexpected errors and unavailable dependencies',
      Object.values(healthMetrics).map((name) => insightsSum(name, FIVE_MINUTES)),
      WIDE,
    ),
  ];
};

const functionWidgets = (functions: readonly MarketplaceFunction[]): IWidget[] => {
  const sum = { statistic: Stats.SUM, period: FIVE_MINUTES };
  const label = (fn: MarketplaceFunction) => fn.node.path.split('/').slice(1).join('/');
  return [
    graph(
      'Function errors',
      functions.map((fn) => fn.metricErrors({ ...sum, label: label(fn) })),
    ),
    graph(
      'Function throttles',
      functions.map((fn) => fn.metricThrottles({ ...sum, label: label(fn) })),
    ),
    graph(
      'Function duration (p99)',
      functions.map((fn) =>
        fn.metricDuration({ statistic: Stats.p(99), period: FIVE_MINUTES, label: label(fn) }),
      ),
    ),
    graph('Concurrent executions (highest)', [
      // The account's pool, which every function without reserved concurrency shares.
      new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ConcurrentExecutions',
        statistic: Stats.MAXIMUM,
        period: FIVE_MINUTES,
        label: 'account',
      }),
      ...functions.map((fn) =>
        fn.metric('ConcurrentExecutions', {
          statistic: Stats.MAXIMUM,
          period: FIVE_MINUTES,
          label: label(fn),
        }),
      ),
    ]),
  ];
};

/**
 * CloudFront's requests and error rates, and what the web ACL blocked and allowed. Both report in
 * us-east-1 whatever the stack's region (a CloudFront web ACL's metrics have no Region
 * dimension; `ALL` is the web ACL's total).
 */
const edgeWidgets = (edge: NonNullable<MonitoringDashboardProps['edge']>): IWidget[] => {
  const { distribution, webAclMetricName } = edge;
  const sum = { statistic: Stats.SUM, period: FIVE_MINUTES };
  const waf = (metricName: string) =>
    new Metric({
      namespace: 'AWS/WAFV2',
      metricName,
      dimensionsMap: { WebACL: webAclMetricName!, Rule: 'ALL' },
      region: 'us-east-1',
      ...sum,
    });
  return [
    graph('CloudFront requests', [distribution.metricRequests(sum)]),
    graph('CloudFront error rates (%)', [
      distribution.metric4xxErrorRate({ statistic: Stats.AVERAGE, period: FIVE_MINUTES }),
      distribution.metric5xxErrorRate({ statistic: Stats.AVERAGE, period: FIVE_MINUTES }),
    ]),
    ...(webAclMetricName
      ? [graph('WAF requests', [waf('AllowedRequests'), waf('BlockedRequests')], WIDE)]
      : []),
  ];
};

const workflowWidgets = (
  stateMachines: readonly { name: string; stateMachine: StateMachine }[],
  table: Table,
): IWidget[] => {
  const sum = { statistic: Stats.SUM, period: FIVE_MINUTES };
  return [
    graph(
      'Executions failed, timed out or aborted',
      stateMachines.flatMap(({ name, stateMachine }) => [
        stateMachine.metricFailed({ ...sum, label: `${name} failed` }),
        stateMachine.metricTimedOut({ ...sum, label: `${name} timed out` }),
        stateMachine.metricAborted({ ...sum, label: `${name} aborted` }),
      ]),
    ),
    graph('Table capacity', [
      table.metricConsumedReadCapacityUnits(sum),
      table.metricConsumedWriteCapacityUnits(sum),
    ]),
  ];
};

const businessWidgets = (): IWidget[] => {
  const hour = Duration.hours(1);
  const line = (name: string) => insightsSum(name, hour);
  const m = businessMetrics;
  return [
    graph('Checkouts and downloads', [
      line(m.checkoutsStarted),
      line(m.checkoutsCompleted),
      line(m.downloads),
    ]),
    graph('Deploys', [line(m.deploysStarted), line(m.deploysSucceeded), line(m.deploysFailed)]),
    graph('Payouts', [line(m.payoutsPaid), line(m.payoutsFailed)]),
    graph('Rejected webhooks and failed scans', [
      line(m.webhookEventsRejected),
      line(m.scansFailed),
    ]),
  ];
};
