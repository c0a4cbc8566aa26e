/**
 * The scheduled tasks: one EventBridge Scheduler schedule per entry of
 * `contract/design/schedules.ts`, each invoking a MarketplaceFunction whose entry is that
 * schedule's task module. What each task may touch is declared here, once, like `domainNeeds` for
 * the API functions.
 *
 * No run fails silently: Scheduler retries a failed invocation, then puts the event in one
 * encrypted dead-letter queue whose visible messages raise an alarm, and the monthly payout run
 * has an alarm of its own on its task's errors (docs/operations.md, "Schedules").
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { schedules, type ScheduleName } from '../../contract/design/schedules';
import { storageDesign } from '../../contract/design/storage-design';
import type { Alerts } from './alerts';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { logicalIdOf, MarketplaceFunction } from './marketplace-function';

export interface SchedulesProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /** Where the dead-letter and payout alarms go. */
  readonly alerts: Alerts;
}

interface TaskSettings {
  /** The domain folder (POWERTOOLS_SERVICE_NAME, logs). */
  readonly domain: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Grants, in one readable line each. */
  readonly bind: (fn: MarketplaceFunction, data: Data, userPool: UserPool) => void;
}

/** A `Record<ScheduleName, …>`: a new schedule does not compile until its function is described. */
const taskSettings: Record<ScheduleName, TaskSettings> = {
  // Reads the whole approved partition and writes one object under catalog/: at 100,000
  // templates that is a few hundred MB of items read and ~30 MB of JSON built in memory.
  catalogSnapshot: {
    domain: 'catalog',
    memorySize: 1024,
    timeout: Duration.minutes(5),
    bind: (fn, data) =>
      fn
        .bindTable(data.table, 'read')
        .bindBucket(data.mvpFilesBucket, 'write', storageDesign.catalogPrefix),
  },
  // Deletes the Cognito users of expired beta accounts (on this pool's ARN only), closes their
  // profiles and archives their templates (table writes: profile, templates, counters, catalog).
  closeExpiredBetaAccounts: {
    domain: 'account',
    memorySize: 256,
    timeout: Duration.minutes(5),
    bind: (fn, data, userPool) => {
      fn.bindTable(data.table, 'readWrite');
      userPool.grant(fn, 'cognito-idp:AdminDeleteUser');
    },
  },
  // Reads active and ended subscriptions and resets or zeroes the quotas of their profiles.
  quotaReset: {
    domain: 'billing',
    memorySize: 256,
    timeout: Duration.minutes(5),
    bind: (fn, data) => {
      fn.bindTable(data.table, 'readWrite');
    },
  },
  // Only starts the monthly-payouts state machine (the grant and its ARN variable come from the
  // payouts construct, lib/constructs/payouts.ts): no table access; the run's Prepare step takes
  // the month's lease.
  monthlyPayouts: {
    domain: 'payouts',
    memorySize: 256,
    timeout: Duration.minutes(1),
    bind: () => undefined,
  },
  // Reads and clears the e-mail outbox, profiles and preferences. Sending through SES and the
  // unsubscribe links' signing key are granted by the stack (the Newsletter construct owns the
  // SES identity).
  notificationEmails: {
    domain: 'notifications',
    memorySize: 256,
    timeout: Duration.minutes(1),
    bind: (fn, data) => {
      fn.bindTable(data.table, 'readWrite');
    },
  },
  // Reads pending download tallies; writes the templates' counts, the counters, the sellers'
  // notifications and their outbox entries, deleting each tally in the same transaction.
  downloadTally: {
    domain: 'downloads',
    memorySize: 256,
    timeout: Duration.minutes(1),
    bind: (fn, data) => {
      fn.bindTable(data.table, 'readWrite');
    },
  },
  // Reads the approved templates, their deployments, downloads and security reports; writes the
  // reports, notifications and alert markers; reads the stored dependency lists and keeps the
  // run's state under security/ (docs/operations.md, "Security re-check"). Calls the advisory
  // database over HTTPS. 10,000 live versions take about a minute of mostly waiting on OSV.
  securityRecheck: {
    domain: 'security-alerts',
    memorySize: 1024,
    timeout: Duration.minutes(15),
    bind: (fn, data) =>
      fn
        .bindTable(data.table, 'readWrite')
        .bindBucket(data.mvpFilesBucket, 'readWrite', 'security/'),
  },
  // Reads archived templates and their builds, marks the builds' previews retired; listing and
  // tagging the preview bucket's `sites/` is granted by the builds' nested stack
  // (VersionBuilds.serveRetirement), which owns that bucket.
  retireArchivedPreviews: {
    domain: 'processing',
    memorySize: 256,
    timeout: Duration.minutes(5),
    bind: (fn, data) => {
      fn.bindTable(data.table, 'readWrite');
    },
  },
};

/**
 * How Scheduler retries a task that fails: a few attempts within an hour, then the dead-letter
 * queue. The frequent tasks' next run comes sooner than that; a retry of the daily, hourly and
 * monthly ones is what keeps them from being skipped.
 */
export const SCHEDULE_RETRY = { maxEventAge: Duration.hours(1), retryAttempts: 3 } as const;

export class Schedules extends Construct {
  /** The task function of each schedule. */
  readonly functions: ReadonlyMap<ScheduleName, MarketplaceFunction>;
  readonly schedules: ReadonlyMap<ScheduleName, Schedule>;
  /** Events Scheduler could not deliver, and tasks that failed, after their retries. */
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const functions = new Map<ScheduleName, MarketplaceFunction>();
    const created = new Map<ScheduleName, Schedule>();
    this.deadLetterQueue = this.createDeadLetterQueue(props.alerts);
    // One role for every schedule, instead of CDK's one per target at the stack's root.
    const role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'EventBridge Scheduler: invokes the scheduled task functions',
    });
    for (const [name, schedule] of Object.entries(schedules) as [
      ScheduleName,
      (typeof schedules)[ScheduleName],
    ][]) {
      const settings = taskSettings[name];
      const id = pascal(name);
      const fn = new MarketplaceFunction(this, `${id}Function`, {
        domain: settings.domain,
        entry: schedule.task,
        description: `Scheduled task: ${schedule.description}`,
        environment: {
          ...functionEnvironment(props),
          POWERTOOLS_SERVICE_NAME: settings.domain,
        },
        memorySize: settings.memorySize,
        timeout: settings.timeout,
        // Scheduler invokes asynchronously: its retries and dead-letter queue cover only a failed
        // delivery. A task that throws is Lambda's to retry (twice), then to send here with its
        // error, or it would be dropped.
        deadLetterQueue: this.deadLetterQueue,
      });
      settings.bind(fn, props.data, props.userPool);
      created.set(
        name,
        new Schedule(this, `${id}Schedule`, {
          description: schedule.description,
          schedule: ScheduleExpression.expression(`cron(${schedule.cron})`),
          target: new LambdaInvoke(fn, {
            ...SCHEDULE_RETRY,
            role,
            deadLetterQueue: this.deadLetterQueue,
            // The fields of EventBridge's scheduled event the tasks read (the run's time).
            input: ScheduleTargetInput.fromObject({
              source: 'aws.scheduler',
              'detail-type': 'Scheduled Event',
              time: ContextAttribute.scheduledTime,
              detail: {},
            }),
          }),
        }),
      );
      functions.set(name, fn);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(fn)}.Arn>:*]`,
        reason: 'lambda:InvokeFunction on this task function and its versions, nothing else.',
      });
    }
    this.functions = functions;
    this.schedules = created;
    this.alarmOnPayoutRun(props.alerts);
  }

  /** One queue for every schedule: an event in it names its schedule in its attributes. */
  private createDeadLetterQueue(alerts: Alerts): Queue {
    const queue = new Queue(this, 'DeadLetterQueue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is the dead-letter queue of the schedules (Scheduler targets name it).',
    });
    alerts.notify(
      new Alarm(this, 'DeadLetterAlarm', {
        alarmDescription:
          'A scheduled task failed after its retries: its event is in the schedules dead-letter queue (docs/operations.md, Schedules).',
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
    return queue;
  }

  /**
   * The monthly payout run must never be skipped unheard of: any error of its starting task
   * raises this alarm at once, before the retries and the dead-letter queue have played out.
   */
  private alarmOnPayoutRun(alerts: Alerts): void {
    const fn = this.functions.get('monthlyPayouts');
    if (!fn) throw new Error('The monthlyPayouts task is missing: its alarm has nothing to watch.');
    alerts.notify(
      new Alarm(this, 'MonthlyPayoutsFailedAlarm', {
        alarmDescription:
          'The monthly payout run did not start: start it for the month from the admin Payouts tab (docs/operations.md, Schedules).',
        metric: fn.metricErrors({ period: Duration.minutes(5) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
