/**
 * Counts a business fact (contract/design/metrics.ts) on the shared Powertools metrics, the same
 * path as UnexpectedErrors. Called by a service once the write that decides the fact has
 * committed, never before, so a replay or a retry that changes nothing counts nothing.
 *
 * Published at once: task functions (Step Functions, schedules) have no HTTP middleware that
 * flushes metrics at the end of the invocation, and one EMF line per fact costs nothing.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { BusinessMetric } from '../../contract/design/metrics';
import { metrics } from './observability';

export const countFact = (name: BusinessMetric, count = 1): void => {
  if (count <= 0) return;
  metrics.addMetric(name, MetricUnit.Count, count);
  metrics.publishStoredMetrics();
};
