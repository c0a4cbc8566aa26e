/**
 * The one place where errors become HTTP answers. Our error classes map by
 * `instanceof`; a stray ZodError is a validation problem too; anything else is a bug: it is logged
 * with its stack and counted, and the caller gets a generic 500 that leaks nothing.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import { unavailableMessage, type ApiErrorBody } from '../../../contract/errors';
import { asThirdPartyUnavailable } from '../adapters/unavailable';
import { dependencyOf, noChangeSent } from '../dependencies';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  DependencyFailedError,
  PayloadTooLargeError,
  ServiceUnavailableError,
  ThirdPartyUnavailableError,
  TooManyRequestsError,
  UnprocessableError,
  UnauthorizedError,
  ValidationError,
  isDependencyUnavailable,
} from '../errors';
import { logger, metrics } from '../observability';
import { validationErrorFromZod } from './parse-request';
import { jsonResponse } from './response';

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.';

const statusOf = (error: unknown): number | undefined => {
  if (error instanceof ValidationError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof PayloadTooLargeError) return 413;
  if (error instanceof UnprocessableError) return 422;
  if (error instanceof TooManyRequestsError) return 429;
  if (error instanceof DependencyFailedError) return 502;
  if (error instanceof ServiceUnavailableError) return 503;
  return undefined;
};

/**
 * The 503 of a service that did not answer, or undefined when `error` is not an outage: a third
 * party (Stripe, GitHub, Netlify, SES) answers its one message (contract/third-parties.ts); one of
 * our own dependencies is named when its client is watched (shared/dependencies.ts), saying what
 * happened to the request's changes as far as it is known. A GET's says nothing about changes.
 */
const outageAnswer = (error: unknown, reading: boolean): Error | undefined => {
  const thirdParty = asThirdPartyUnavailable(error);
  if (thirdParty) {
    logger.warn('A third party is unavailable', { service: thirdParty.service });
    return reading
      ? new ThirdPartyUnavailableError(thirdParty.service, { reading: true })
      : thirdParty;
  }
  if (error instanceof ServiceUnavailableError || !isDependencyUnavailable(error)) return undefined;
  const dependency = dependencyOf(error);
  // Logged without the error object's request details; the name says which kind of outage.
  logger.warn('A dependency is unavailable', { error: (error as Error).name, dependency });
  if (!dependency) return new ServiceUnavailableError();
  return new ServiceUnavailableError(
    unavailableMessage(
      dependency,
      noChangeSent() ? (reading ? 'read' : 'unchanged') : 'maybe_changed',
    ),
  );
};

/**
 * Any thrown value to the answer the caller sees; `reading` is true for a GET (its 503 says
 * nothing about changes).
 */
export const toErrorResponse = (
  error: unknown,
  reading = false,
): APIGatewayProxyStructuredResultV2 => {
  const outage = outageAnswer(error, reading);
  if (outage) {
    metrics.addMetric('DependencyUnavailable', MetricUnit.Count, 1);
    return jsonResponse(503, { message: outage.message } satisfies ApiErrorBody);
  }
  const known = error instanceof z.ZodError ? validationErrorFromZod(error) : error;
  const status = statusOf(known);
  if (status !== undefined && known instanceof Error) {
    const body: ApiErrorBody = { message: known.message };
    if (known instanceof ValidationError && Object.keys(known.fields).length > 0) {
      body.fields = known.fields;
    }
    return jsonResponse(status, body);
  }
  logger.error('Unexpected error', error instanceof Error ? error : new Error(String(error)));
  metrics.addMetric('UnexpectedErrors', MetricUnit.Count, 1);
  return jsonResponse(500, { message: UNEXPECTED_ERROR_MESSAGE } satisfies ApiErrorBody);
};

/** middy `onError`: sets the mapped response, so no error ever escapes to API Gateway. */
export const errorMapper = (): MiddlewareObj<
  APIGatewayProxyEventV2,
  APIGatewayProxyStructuredResultV2
> => ({
  onError: (request) => {
    const method = request.event.requestContext?.http?.method;
    request.response = toErrorResponse(request.error, method === 'GET' || method === 'HEAD');
  },
});
