/**
 * Powertools logger and metrics, created once per Lambda container and shared by every handler
 * (Powertools' own `examples/app` layout). The service name comes from `POWERTOOLS_SERVICE_NAME`,
 * which the CDK sets per domain function. The local stack sets `POWERTOOLS_METRICS_DISABLED=true`
 * if it does not want EMF lines on stdout.
 *
 * No Powertools Tracer: it pulls in the X-Ray SDK (about 110 KB minified with its dependencies) on
 * every cold start. The functions keep Lambda's active tracing, so X-Ray still records
 * every invocation, its duration and cold starts, and the Step Functions service map; only the
 * per-SDK-call subsegments are gone, and the logs carry the request id and route for the rest.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'marketplace';

export const logger = new Logger({ serviceName });

export const metrics = new Metrics({ namespace: 'Marketplace', serviceName });
