/**
 * The scheduled tasks: one EventBridge rule per entry of `contract/design/schedules.ts`,
 * each invoking a MarketplaceFunction whose entry is that schedule's task module. What each task
 * may touch is declared here, once, like `domainNeeds` for the API functions.
 */
import { Duration } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Construct } from 'constructs';
import { schedules, type ScheduleName } from '../../contract/design/schedules';
import { storageDesign } from '../../contract/design/storage-design';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { MarketplaceFunction } from './marketplace-function';

export interface SchedulesProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
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
};

export class Schedules extends Construct {
  /** The task function of each schedule. */
  readonly functions: ReadonlyMap<ScheduleName, MarketplaceFunction>;
  readonly rules: ReadonlyMap<ScheduleName, Rule>;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const functions = new Map<ScheduleName, MarketplaceFunction>();
    const rules = new Map<ScheduleName, Rule>();
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
      });
      settings.bind(fn, props.data, props.userPool);
      const rule = new Rule(this, `${id}Rule`, {
        description: schedule.description,
        schedule: Schedule.expression(`cron(${schedule.cron})`),
        // A missed run is replaced by the next one a few minutes later: no retries piling up.
        targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
      });
      functions.set(name, fn);
      rules.set(name, rule);
    }
    this.functions = functions;
    this.rules = rules;
  }
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
