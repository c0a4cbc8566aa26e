/**
 * The public seller page when its templates cannot be read: the profile still
 * shows, with 'Error fetching seller MVPs' in place of the templates and no stats. The catalog
 * read is made to fail as DynamoDB throttling would (our own module, wrapped; nothing of AWS is
 * faked).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/sellers/index';
import {
  SELLER_TEMPLATES_FAILED_MESSAGE,
  SELLER_PROFILE_FAILED_MESSAGE,
  type PublicSellerProfile,
} from '../../../../contract/sellers';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const templatesRead = vi.hoisted(() => ({ fails: false }));
const profileRead = vi.hoisted(() => ({ fails: false }));

const throttled = () => {
  const error = new Error('Rate of requests exceeds the allowed throughput.');
  error.name = 'ThrottlingException';
  return error;
};

vi.mock('../../../../lambdas/profiles/service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../lambdas/profiles/service')>();
  return {
    ...original,
    findProfileByPublicUsername: (
      ...args: Parameters<typeof original.findProfileByPublicUsername>
    ) =>
      profileRead.fails
        ? Promise.reject(throttled())
        : original.findProfileByPublicUsername(...args),
  };
});

vi.mock('../../../../lambdas/catalog/service', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../lambdas/catalog/service')>();
  return {
    ...original,
    listApprovedTemplatesOfSeller: (
      ...args: Parameters<typeof original.listApprovedTemplatesOfSeller>
    ) => {
      if (templatesRead.fails) return Promise.reject(throttled());
      return original.listApprovedTemplatesOfSeller(...args);
    },
  };
});

afterEach(() => {
  templatesRead.fails = false;
  profileRead.fails = false;
});

it("answers 503 'Error fetching seller profile' when the profile cannot be read", async () => {
  profileRead.fails = true;
  const result = await handler(apiEvent({ path: '/api/sellers/anyone' }), lambdaContext('sellers'));
  expect(result.statusCode).toBe(503);
  expect(jsonBody<{ message: string }>(result).message).toBe(SELLER_PROFILE_FAILED_MESSAGE);
});

it('shows the profile with the product’s text when the templates cannot be read', async () => {
  const id = randomUUID();
  const username = `seller_${id.slice(0, 8)}`;
  await putProfile({
    id,
    username,
    display_name: 'Partial Shop',
    role: 'seller',
    is_seller_approved: true,
  });

  templatesRead.fails = true;
  const result = await handler(
    apiEvent({ path: `/api/sellers/${username}` }),
    lambdaContext('sellers'),
  );
  expect(result.statusCode).toBe(200);
  const body = jsonBody<PublicSellerProfile>(result);
  expect(body).toMatchObject({
    id,
    display_name: 'Partial Shop',
    stats: null,
    mvps: [],
    mvps_error: SELLER_TEMPLATES_FAILED_MESSAGE,
  });

  templatesRead.fails = false;
  const healthy = jsonBody<PublicSellerProfile>(
    await handler(apiEvent({ path: `/api/sellers/${username}` }), lambdaContext('sellers')),
  );
  expect(healthy.mvps_error).toBeUndefined();
  expect(healthy.stats).toMatchObject({ mvp_count: 0 });
});
