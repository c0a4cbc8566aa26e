/**
 * The marketplace's own CloudWatch metrics, in one place: the runtime emits them (Powertools
 * Metrics, embedded metric format, through `lambdas/shared/observability.ts`) and the CDK's
 * dashboard and alarms read them (lib/constructs/monitoring.ts). Imports nothing of ours.
 *
 * Every metric lands in one namespace with one dimension, `service` (the function's
 * POWERTOOLS_SERVICE_NAME, i.e. its domain), so a reader sums a metric over every service with a
 * Metrics Insights query on `SCHEMA(Marketplace, service)`.
 */
export const metricsNamespace = 'Marketplace';

/** The one dimension every metric carries (Powertools' default dimension). */
export const metricsServiceDimension = 'service';

/** The runtime's health: a request that failed on a bug, or on a dependency that was down. */
export const healthMetrics = {
  unexpectedErrors: 'UnexpectedErrors',
  dependencyUnavailable: 'DependencyUnavailable',
} as const;

/**
 * Business facts, one metric per fact, counted once when the write that decides the fact has
 * committed (a replayed webhook or a retried task that changes nothing counts nothing).
 */
export const businessMetrics = {
  /** A buyer was sent to Stripe Checkout to buy a template (plan subscriptions are not counted). */
  checkoutsStarted: 'CheckoutsStarted',
  /** Stripe confirmed a template checkout as paid and the order was recorded. */
  checkoutsCompleted: 'CheckoutsCompleted',
  /** A download link was issued (Download; a deploy's spend is counted as a deploy). */
  downloads: 'Downloads',
  /** A buyer started a one-click deploy. */
  deploysStarted: 'DeploysStarted',
  /** A buyer's deploy reached a live site. */
  deploysSucceeded: 'DeploysSucceeded',
  /** A buyer's deploy ended in failure. */
  deploysFailed: 'DeploysFailed',
  /** A template version was refused by the security scan (recorded scan_failed). */
  scansFailed: 'ScansFailed',
  /** A seller's payout transfer went through (recorded by the Transfer step or Stripe's event). */
  payoutsPaid: 'PayoutsPaid',
  /** A seller's payout transfer was refused, or reversed after it was paid. */
  payoutsFailed: 'PayoutsFailed',
  /** A webhook call was refused: its signature did not verify or its body was malformed. */
  webhookEventsRejected: 'WebhookEventsRejected',
} as const;

export type BusinessMetric = (typeof businessMetrics)[keyof typeof businessMetrics];
