/**
 * Powertools logger, tracer and metrics, created once per Lambda container and shared by every
 * handler (Powertools' own `examples/app` layout). The service name comes from
 * `POWERTOOLS_SERVICE_NAME`, which the CDK sets per domain function.
 *
 * Outside Lambda the tracer switches itself off; the local stack sets
 * `POWERTOOLS_METRICS_DISABLED=true` if it does not want EMF lines on stdout.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'marketplace';

export const logger = new Logger({ serviceName });

export const tracer = new Tracer({ serviceName });

export const metrics = new Metrics({ namespace: 'Marketplace', serviceName });
