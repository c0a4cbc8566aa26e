/**
 * Reserved concurrency (context `reservedConcurrency`, on for prod): the long workflow tasks get
 * a ceiling, so a burst of deploys or scans cannot take the account's pool from the API, and the
 * billing and catalog functions get a floor of their own, so a flood elsewhere cannot starve a
 * checkout, a Stripe webhook or browsing. A reservation is both: the function may use that many
 * and no more, and no other function may use them. It is a property of each function, no new
 * resource (docs/operations.md, "Reserved concurrency").
 */
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { TaskPlaceholder } from '../../contract/design/state-machines';
import type { MarketplaceFunction } from './marketplace-function';

/** How many concurrent executions each group may use (and keeps for itself). */
export interface ConcurrencySettings {
  /** Each long workflow task function. */
  readonly longTask: number;
  /** The billing API function: checkout, the portal and Stripe's webhook. */
  readonly billing: number;
  /** The catalog API function: browsing, search and the template pages. */
  readonly catalog: number;
}

/**
 * The long workflow tasks: minutes each, 512 MB to 1.5 GB. Their state machines retry a throttled
 * call (Lambda.TooManyRequestsException) for longer than the task runs, so a deploy or scan past
 * the ceiling waits for a slot instead of failing.
 */
export const LONG_TASKS = {
  buyerDeploy: [
    'CreateRepositoryFunctionArn',
    'OpenUpgradeFunctionArn',
    'PlanSiteFunctionArn',
  ] satisfies TaskPlaceholder<'buyer-deploy'>[],
  processing: [
    'ScanFunctionArn',
    'AuditFunctionArn',
    'PinFunctionArn',
    'RenditionsFunctionArn',
  ] satisfies TaskPlaceholder<'mvp-processing'>[],
  githubSync: ['FetchArchiveFunctionArn'] satisfies TaskPlaceholder<'github-sync'>[],
} as const;

/** How many functions take the long-task reservation. */
export const LONG_TASK_COUNT = Object.values(LONG_TASKS).flat().length;

/** What the settings reserve in all: checked against the account's pool before synthesis. */
export const totalReserved = (settings: ConcurrencySettings): number =>
  settings.longTask * LONG_TASK_COUNT + settings.billing + settings.catalog;

/** Sets a function's reserved concurrency on its own resource. */
export const reserveConcurrency = (fn: MarketplaceFunction, executions: number): void => {
  (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = executions;
};
