import '../../../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  SERVICE_UNAVAILABLE_MESSAGE,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from '../../../../../lambdas/shared/errors';
import {
  UNEXPECTED_ERROR_MESSAGE,
  toErrorResponse,
} from '../../../../../lambdas/shared/http/error-mapper';
import { jsonBody } from '../../../../fixtures/api-event';

describe('toErrorResponse', () => {
  it.each([
    [new UnauthorizedError(), 401, 'Unauthorized'],
    [new ForbiddenError('No entry.'), 403, 'No entry.'],
    [new NotFoundError('Missing.'), 404, 'Missing.'],
    [new ConflictError('Taken.'), 409, 'Taken.'],
    [new PayloadTooLargeError('Too big; filter.'), 413, 'Too big; filter.'],
    [new ValidationError('Bad.'), 400, 'Bad.'],
  ])('maps %o to its status', (error, status, message) => {
    const response = toErrorResponse(error);
    expect(response.statusCode).toBe(status);
    expect(jsonBody(response)).toEqual({ message });
    expect(response.headers).toMatchObject({
      'content-type': 'application/json',
      'cache-control': 'no-store',
    });
  });

  it('includes the fields of a validation error', () => {
    const response = toErrorResponse(new ValidationError('Bad title.', { title: 'Bad title.' }));
    expect(jsonBody(response)).toEqual({ message: 'Bad title.', fields: { title: 'Bad title.' } });
  });

  it('maps a ZodError to 400 with its first message', () => {
    const result = z.object({ n: z.number({ message: 'n must be a number' }) }).safeParse({});
    const response = toErrorResponse(result.error);
    expect(response.statusCode).toBe(400);
    expect(jsonBody(response)).toEqual({
      message: 'n must be a number',
      fields: { n: 'n must be a number' },
    });
  });

  it('answers 503 "temporarily unavailable" when a dependency is down, slow or throttling', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), {
      code: 'ECONNREFUSED',
    });
    const wrapped = Object.assign(new Error('socket failed'), { name: 'Error', cause: refused });
    const timeout = Object.assign(new Error('Connection timed out after 1000 ms'), {
      name: 'TimeoutError',
    });
    const throttled = Object.assign(new Error('Rate exceeded'), {
      name: 'ProvisionedThroughputExceededException',
    });
    for (const error of [refused, wrapped, timeout, throttled, new ServiceUnavailableError()]) {
      const response = toErrorResponse(error);
      expect(response.statusCode).toBe(503);
      expect(jsonBody(response)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
  });

  it('hides unknown errors behind a generic 500', () => {
    const response = toErrorResponse(new Error('password=hunter2 leaked in a stack'));
    expect(response.statusCode).toBe(500);
    expect(jsonBody(response)).toEqual({ message: UNEXPECTED_ERROR_MESSAGE });
  });

  it('does not trust an error that merely looks like ours', () => {
    const impostor = Object.assign(new Error('Not found'), { name: 'NotFoundError' });
    expect(toErrorResponse(impostor).statusCode).toBe(500);
    expect(toErrorResponse('a thrown string').statusCode).toBe(500);
  });
});
