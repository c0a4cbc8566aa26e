/** `POST /api/auth/beta` while beta access is off (the per-file environment's default). */
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/profiles/index';
import { BETA_DISABLED_MESSAGE } from '../../../../contract/beta';
import type { ApiErrorBody } from '../../../../contract/errors';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';

describe('POST /api/auth/beta, switched off', () => {
  it('refuses with 404 and hands out no credentials', async () => {
    expect(process.env.BETA_ACCESS_ENABLED).toBe('false');
    const result = await handler(
      apiEvent({ method: 'POST', path: '/api/auth/beta' }),
      lambdaContext('profiles'),
    );
    expect(result.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(result)).toEqual({ message: BETA_DISABLED_MESSAGE });
  });
});
