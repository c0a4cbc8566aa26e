/**
 * Watching production: one CloudWatch dashboard and the alarms of the stack, every alarm routed to
 * the Alerts topic. docs/operations.md ("Alarms") says what each alarm means and what to do first.
 *
 * Everything lives in a nested stack: the main stack is close to CloudFormation's 500 resources
 * per stack, and an alarm per function (errors and throttles) adds about a hundred.
 *
 * Functions and state machines are read from the constructs' own maps, never listed here, so a
 * new API domain, schedule or workflow task is watched without touching this file.
 */
import { Duration, NestedStack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  Stats,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IProject } from 'aws-cdk-lib/aws-codebuild';
import { Operation } from 'aws-cdk-lib/aws-dynamodb';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { BUILD_LIMITS } from '../../contract/design/build';
import { businessMetrics, healthMetrics } from '../../contract/design/metrics';
import type { Alerts } from './alerts';
import type { Api } from './api';
import type { Data } from './data';
import type { MarketplaceFunction } from './marketplace-function';
import {
  MonitoringDashboard,
  insightsSum,
  type MonitoringDashboardProps,
} from './monitoring-dashboard';
import type { Schedules } from './schedules';

/** A Step Functions workflow as its construct exposes it: the machine and its task functions. */
export interface WatchedWorkflow {
  readonly stateMachine: StateMachine;
  readonly taskFunctions: Readonly<Record<string, MarketplaceFunction>>;
}

export interface MonitoringProps {
  readonly alerts: Alerts;
  readonly api: Api;
  readonly data: Data;
  readonly schedules: Schedules;
  /** Keyed by a short name for descriptions; `payouts` is the monthly payout run. */
  readonly workflows: Readonly<Record<string, WatchedWorkflow>>;
  /** The site's distribution and web ACL, graphed on the dashboard. */
  readonly edge?: MonitoringDashboardProps['edge'];
  /** The version builds' CodeBuild project (lib/constructs/version-builds.ts). */
  readonly builds?: IProject;
}

const RUNBOOK = 'See docs/operations.md, Alarms.';

/**
 * `part` as a percentage of `whole` over `period`, 0 while `whole` is under `least` (too few to
 * be a rate worth waking anyone for). The names become the expression's variables.
 */
const percentOf = (
  part: [name: string, metric: IMetric],
  whole: [name: string, metric: IMetric],
  least: number,
  label: string,
  period: Duration,
): MathExpression =>
  new MathExpression({
    expression: `IF(${whole[0]} >= ${least}, 100 * ${part[0]} / ${whole[0]}, 0)`,
    usingMetrics: { [part[0]]: part[1], [whole[0]]: whole[1] },
    label,
    period,
  });

/** What a failed execution of each workflow means; others get a generic sentence. */
const workflowMeaning: Record<string, string> = {
  payouts:
    'The monthly payout run did not finish: some sellers may not have been paid this month. ' +
    'Find the execution in Step Functions, read the failed step, fix the cause and start the run ' +
    'again (transfers are idempotent, sellers already paid are skipped).',
  processing: 'A template version was not processed: its seller waits on "processing".',
  newsletter: 'A newsletter issue stopped part-way: some subscribers did not get it.',
  githubSync: 'A GitHub sync did not finish: the seller does not see the new version.',
  buyerDeploy: 'A buyer deploy stopped without marking the deployment failed.',
};

/** The DynamoDB operations the runtime uses (an alarm's math takes at most ten metrics). */
const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.BATCH_GET_ITEM,
  Operation.QUERY,
  Operation.SCAN,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
  Operation.TRANSACT_GET_ITEMS,
];

interface AlarmSpec {
  readonly metric: IMetric;
  readonly description: string;
  /** Fires at or above this value. */
  readonly threshold: number;
  readonly evaluationPeriods?: number;
  /** Missing data: no traffic is healthy unless said otherwise. */
  readonly treatMissingData?: TreatMissingData;
}

export class Monitoring extends NestedStack {
  /** Every alarm created here, each routed to the Alerts topic. */
  readonly alarms: Alarm[] = [];
  readonly dashboard: MonitoringDashboard;
  private readonly alerts: Alerts;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id, { description: 'Marketplace dashboard and alarms' });
    this.alerts = props.alerts;
    const functions = watchedFunctions(props);
    this.watchApi(props.api);
    this.watchFunctions(functions);
    this.watchWorkflows(props.workflows);
    this.watchTable(props.data);
    this.watchEmail();
    this.watchBusiness();
    if (props.builds) this.watchBuilds(props.builds);
    this.dashboard = new MonitoringDashboard(this, 'Dashboard', {
      api: props.api,
      table: props.data.table,
      functions,
      stateMachines: Object.entries(props.workflows).map(([name, w]) => ({
        name,
        stateMachine: w.stateMachine,
      })),
      alarms: this.alarms,
      ...(props.edge ? { edge: props.edge } : {}),
    });
  }

  private alarm(id: string, spec: AlarmSpec): Alarm {
    const alarm = new Alarm(this, id, {
      metric: spec.metric,
      alarmDescription: `${spec.description} ${RUNBOOK}`,
      threshold: spec.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: spec.evaluationPeriods ?? 1,
      treatMissingData: spec.treatMissingData ?? TreatMissingData.NOT_BREACHING,
    });
    this.alerts.notify(alarm);
    this.alarms.push(alarm);
    return alarm;
  }

  private watchApi(api: Api): void {
    const { httpApi } = api;
    const period = Duration.minutes(5);
    this.alarm('Api5xxRate', {
      // Below 20 requests in five minutes one failure is not a rate worth waking anyone for.
      metric: percentOf(
        ['errors', httpApi.metricServerError({ statistic: Stats.SUM, period })],
        ['requests', httpApi.metricCount({ statistic: Stats.SUM, period })],
        20,
        'API 5xx (% of requests)',
        period,
      ),
      description: 'More than 5 % of API requests answered 5xx over five minutes.',
      threshold: 5,
    });
    this.alarm('ApiLatencyP99', {
      metric: httpApi.metricLatency({ statistic: Stats.p(99), period }),
      description:
        'The API p99 latency stayed at or above 3 s for fifteen minutes: users wait, ' +
        'functions may be near their timeout.',
      threshold: 3000,
      evaluationPeriods: 3,
    });
    this.alarm('Api4xxRate', {
      // HTTP APIs publish no throttle metric: a throttled request is a 429 inside the 4xx count.
      metric: percentOf(
        ['clientErrors', httpApi.metricClientError({ statistic: Stats.SUM, period })],
        ['requests', httpApi.metricCount({ statistic: Stats.SUM, period })],
        50,
        'API 4xx (% of requests)',
        period,
      ),
      description:
        'More than 25 % of API requests answered 4xx for fifteen minutes: the stage is ' +
        'throttling (429, HTTP APIs publish no separate throttle metric), a client is broken, ' +
        'or someone is probing.',
      threshold: 25,
      evaluationPeriods: 3,
    });
    this.alarm('UnexpectedErrors', {
      metric: insightsSum(healthMetrics.unexpectedErrors, period),
      description:
        'A request failed on a bug (UnexpectedErrors): the caller got a 500. The log line ' +
        '"Unexpected error" of the named service has the stack.',
      threshold: 1,
    });
    this.alarm('DependencyUnavailable', {
      metric: insightsSum(healthMetrics.dependencyUnavailable, period),
      description:
        'Requests answered 503 because a dependency (DynamoDB, S3, Cognito, Stripe) was ' +
        'unavailable at least five times in five minutes.',
      threshold: 5,
    });
  }

  private watchFunctions(functions: readonly MarketplaceFunction[]): void {
    for (const fn of functions) {
      const id = `${fn.node.scope?.node.id ?? ''}${fn.node.id}`;
      const what = `The ${fn.domain} function ${fn.node.path.split('/').slice(1).join('/')}`;
      this.alarm(`${id}Errors`, {
        metric: fn.metricErrors({ statistic: Stats.SUM, period: Duration.minutes(5) }),
        description: `${what} failed (crashed, timed out or threw) in the last five minutes.`,
        threshold: 1,
      });
      this.alarm(`${id}Throttles`, {
        metric: fn.metricThrottles({ statistic: Stats.SUM, period: Duration.minutes(5) }),
        description: `${what} was throttled: the account's concurrency is exhausted.`,
        threshold: 1,
      });
    }
  }

  private watchWorkflows(workflows: Readonly<Record<string, WatchedWorkflow>>): void {
    // The payout run first: its alarms are the ones that cost sellers money.
    const names = Object.keys(workflows).sort((a, b) =>
      a === 'payouts' ? -1 : b === 'payouts' ? 1 : a.localeCompare(b),
    );
    for (const name of names) {
      const { stateMachine } = workflows[name]!;
      const meaning = workflowMeaning[name] ?? `A ${name} workflow execution did not finish.`;
      const period = Duration.minutes(5);
      const id = name.charAt(0).toUpperCase() + name.slice(1);
      this.alarm(`${id}ExecutionsFailed`, {
        metric: stateMachine.metricFailed({ statistic: Stats.SUM, period }),
        description: `An execution of the ${name} state machine failed. ${meaning}`,
        threshold: 1,
      });
      this.alarm(`${id}ExecutionsTimedOut`, {
        metric: stateMachine.metricTimedOut({ statistic: Stats.SUM, period }),
        description: `An execution of the ${name} state machine timed out. ${meaning}`,
        threshold: 1,
      });
      this.alarm(`${id}ExecutionsAborted`, {
        metric: stateMachine.metricAborted({ statistic: Stats.SUM, period }),
        description: `An execution of the ${name} state machine was aborted. ${meaning}`,
        threshold: 1,
      });
    }
  }

  private watchTable(data: Data): void {
    const period = Duration.minutes(5);
    this.alarm('TableThrottledRequests', {
      metric: data.table.metricThrottledRequestsForOperations({
        operations: TABLE_OPERATIONS,
        period,
      }),
      description:
        'DynamoDB throttled requests to the table: on-demand capacity is past its limit ' +
        '(a hot partition or a sudden burst); callers saw 503s or retried tasks.',
      threshold: 1,
    });
    this.alarm('TableSystemErrors', {
      metric: data.table.metricSystemErrorsForOperations({ operations: TABLE_OPERATIONS, period }),
      description: 'DynamoDB answered with internal server errors (a service-side problem).',
      threshold: 1,
    });
  }

  /**
   * Sellers' builds fail for their own reasons (a broken build script), and a failed build never
   * blocks a version; what is ours to fix is nearly every build failing (the image, the registry
   * or the network of the build project broke), or builds running into the project's time limit.
   */
  private watchBuilds(project: IProject): void {
    const period = Duration.hours(3);
    this.alarm('VersionBuildsFailing', {
      // Below 5 builds in three hours a few sellers' broken scripts are not a pattern.
      metric: percentOf(
        ['failed', project.metricFailedBuilds({ statistic: Stats.SUM, period })],
        ['builds', project.metricBuilds({ statistic: Stats.SUM, period })],
        5,
        'Version builds failed (% of builds)',
        period,
      ),
      description:
        'At least 80 % of version builds failed over three hours (5 builds or more): the build ' +
        'project itself is likely broken (its image, the package registries, its network). Read ' +
        'the newest builds\' logs in CodeBuild (docs/operations.md, "Version builds and previews").',
      threshold: 80,
    });
    this.alarm('VersionBuildsNearTimeout', {
      metric: project.metricDuration({ statistic: Stats.MAXIMUM, period: Duration.hours(1) }),
      description:
        `A version build ran for ${BUILD_LIMITS.jobTimeoutMinutes - 2} minutes or more, near the project's ${BUILD_LIMITS.jobTimeoutMinutes}-minute limit: builds ` +
        'are slow (a registry, the machine size) or one is stuck; sellers see "Build failed".',
      threshold: (BUILD_LIMITS.jobTimeoutMinutes - 2) * 60,
    });
  }

  private watchEmail(): void {
    // Account-level reputation, no dimensions. SES reviews an account at a 10 % bounce or 0.5 %
    // complaint rate and may pause sending beyond; these fire well before.
    const reputation = (metricName: string) =>
      new Metric({
        namespace: 'AWS/SES',
        metricName,
        statistic: Stats.MAXIMUM,
        period: Duration.hours(1),
      });
    this.alarm('SesBounceRate', {
      metric: reputation('Reputation.BounceRate'),
      description:
        'The SES bounce rate passed 5 % (SES reviews the account at 10 %): ' +
        'the newsletter or notifications go to dead addresses.',
      threshold: 0.05,
    });
    this.alarm('SesComplaintRate', {
      metric: reputation('Reputation.ComplaintRate'),
      description:
        'The SES complaint rate passed 0.1 % (SES reviews the account at 0.5 %): ' +
        'recipients mark our mail as spam.',
      threshold: 0.001,
    });
  }

  private watchBusiness(): void {
    this.alarm('PayoutsFailed', {
      metric: insightsSum(businessMetrics.payoutsFailed, Duration.minutes(5)),
      description: "A seller's payout transfer failed: the seller was not paid.",
      threshold: 1,
    });
    this.alarm('WebhookEventsRejected', {
      metric: insightsSum(businessMetrics.webhookEventsRejected, Duration.minutes(15)),
      description:
        'Webhook calls (Stripe, GitHub) were refused three times in fifteen minutes for a bad ' +
        'signature or body: a rotated signing secret not updated here, or someone forging calls.',
      threshold: 3,
    });
  }
}

/** Every function of the stack's constructs: API domains, schedule tasks and workflow tasks. */
export const watchedFunctions = (props: MonitoringProps): MarketplaceFunction[] => [
  ...props.api.functions.values(),
  ...props.schedules.functions.values(),
  ...Object.values(props.workflows).flatMap((workflow) => Object.values(workflow.taskFunctions)),
];
