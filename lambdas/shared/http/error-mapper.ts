/**
 * The one place where errors become HTTP answers. Our error classes map by
 * `instanceof`; a stray ZodError is a validation problem too; anything else is a bug: it is logged
 * with its stack and counted, and the caller gets a generic 500 that leaks nothing.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as z from 'zod';
import type { ApiErrorBody } from '../../../contract/errors';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  DependencyFailedError,
  PayloadTooLargeError,
  ServiceUnavailableError,
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

/** Any thrown value to the answer the caller sees. */
export const toErrorResponse = (error: unknown): APIGatewayProxyStructuredResultV2 => {
  if (!(error instanceof ServiceUnavailableError) && isDependencyUnavailable(error)) {
    // Logged without the error object's request details; the name says which kind of outage.
    logger.warn('A dependency is unavailable', { error: (error as Error).name });
    metrics.addMetric('DependencyUnavailable', MetricUnit.Count, 1);
    return toErrorResponse(new ServiceUnavailableError());
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
    request.response = toErrorResponse(request.error);
  },
});
