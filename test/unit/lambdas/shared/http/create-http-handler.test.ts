import '../../../../fixtures/lambda-env';
import { describe, expect, it, vi } from 'vitest';
import type { Profile, Role } from '../../../../../contract/profile';
import { defineRoutes, route } from '../../../../../contract/routes/table';

// A domain with one route per access level, so the chain's wiring is tested for each.
const testRoutes = defineRoutes('catalog', {
  'GET /api/open/{id}': route({ operation: 'open', access: 'public', summary: 'Open.' }),
  'GET /api/mine': route({ operation: 'mine', access: 'user', summary: 'Mine.' }),
  'POST /api/sell': route({ operation: 'sell', access: 'approved-seller', summary: 'Sell.' }),
  'GET /api/admin': route({ operation: 'admin', access: 'admin', summary: 'Admin.' }),
});

const { createHttpHandler, requireAuth } =
  await import('../../../../../lambdas/shared/http/create-http-handler');
const { jsonResponse } = await import('../../../../../lambdas/shared/http/response');
const { NotFoundError, ValidationError } = await import('../../../../../lambdas/shared/errors');
const { apiEvent, idTokenClaims, jsonBody, lambdaContext } =
  await import('../../../../fixtures/api-event');

const profileWith = (role: Role, approved: boolean): Profile => ({
  id: 'u1',
  email: 'u1@example.com',
  username: null,
  display_name: null,
  bio: null,
  profile_picture_url: null,
  website_url: null,
  social_links: {},
  github_username: null,
  netlify_site_name: null,
  github_app_installed: false,
  role,
  downloads_remaining: 0,
  download_quota: 0,
  daily_download_limit: null,
  last_download_date: null,
  last_quota_reset_at: null,
  is_seller_approved: approved,
  beta_expires_at: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const claims = idTokenClaims({ sub: 'u1', email: 'u1@example.com' });

const build = (loadProfile = vi.fn(async () => profileWith('buyer', false))) => {
  const operations = {
    open: vi.fn(async ({ event }) => jsonResponse(200, { id: event.pathParameters?.id })),
    mine: vi.fn(async (context) => jsonResponse(200, { userId: requireAuth(context).userId })),
    sell: vi.fn(async ({ profile }) => jsonResponse(201, { seller: profile?.id })),
    admin: vi.fn(async () => jsonResponse(200, { ok: true })),
  };
  // Each operation is loaded on its first request (the real index files use dynamic imports).
  const loaders = Object.fromEntries(
    Object.entries(operations).map(([name, operation]) => [name, vi.fn(async () => operation)]),
  );
  return {
    handler: createHttpHandler(testRoutes, loaders, { loadProfile }),
    operations,
    loaders,
    loadProfile,
  };
};

describe('createHttpHandler', () => {
  it('dispatches a route with its path parameters', async () => {
    const { handler } = build();
    const result = await handler(apiEvent({ path: '/api/open/abc' }), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(jsonBody(result)).toEqual({ id: 'abc' });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const { handler } = build();
    const result = await handler(apiEvent({ path: '/api/nowhere' }), lambdaContext());
    expect(result.statusCode).toBe(404);
    expect(jsonBody(result)).toEqual({ message: 'Not found.' });
  });

  it('refuses an anonymous caller on a user route before the operation runs', async () => {
    const { handler, operations } = build();
    const result = await handler(apiEvent({ path: '/api/mine' }), lambdaContext());
    expect(result.statusCode).toBe(401);
    expect(jsonBody(result)).toEqual({ message: 'Unauthorized' });
    expect(operations.mine).not.toHaveBeenCalled();
  });

  it('gives the operation the identity from the claims', async () => {
    const { handler, loadProfile } = build();
    const result = await handler(apiEvent({ path: '/api/mine', claims }), lambdaContext());
    expect(jsonBody(result)).toEqual({ userId: 'u1' });
    // A user route does not need the profile, so the chain does not read it.
    expect(loadProfile).not.toHaveBeenCalled();
  });

  it('refuses a seller route to a buyer with 403, and allows an approved seller', async () => {
    const buyer = build();
    const refused = await buyer.handler(
      apiEvent({ method: 'POST', path: '/api/sell', claims }),
      lambdaContext(),
    );
    expect(refused.statusCode).toBe(403);
    expect(buyer.operations.sell).not.toHaveBeenCalled();

    const seller = build(vi.fn(async () => profileWith('seller', true)));
    const allowed = await seller.handler(
      apiEvent({ method: 'POST', path: '/api/sell', claims }),
      lambdaContext(),
    );
    expect(allowed.statusCode).toBe(201);
    expect(jsonBody(allowed)).toEqual({ seller: 'u1' });
  });

  it('refuses an admin route to a seller and allows role both', async () => {
    const seller = build(vi.fn(async () => profileWith('seller', true)));
    expect(
      (await seller.handler(apiEvent({ path: '/api/admin', claims }), lambdaContext())).statusCode,
    ).toBe(403);
    const both = build(vi.fn(async () => profileWith('both', false)));
    expect(
      (await both.handler(apiEvent({ path: '/api/admin', claims }), lambdaContext())).statusCode,
    ).toBe(200);
  });

  it('maps errors thrown by an operation', async () => {
    const { handler, operations } = build();
    operations.open.mockRejectedValueOnce(new NotFoundError('No such thing.'));
    const missing = await handler(apiEvent({ path: '/api/open/x' }), lambdaContext());
    expect(missing.statusCode).toBe(404);
    expect(jsonBody(missing)).toEqual({ message: 'No such thing.' });

    operations.open.mockRejectedValueOnce(new ValidationError('Bad.', { id: 'Bad.' }));
    const invalid = await handler(apiEvent({ path: '/api/open/x' }), lambdaContext());
    expect(jsonBody(invalid)).toEqual({ message: 'Bad.', fields: { id: 'Bad.' } });

    operations.open.mockRejectedValueOnce(new TypeError('cannot read properties of undefined'));
    const crashed = await handler(apiEvent({ path: '/api/open/x' }), lambdaContext());
    expect(crashed.statusCode).toBe(500);
    expect(jsonBody(crashed)).toEqual({ message: 'An unexpected error occurred.' });
  });

  it('fails at cold start when routes and operations disagree', () => {
    const noop = async () => async () => jsonResponse(200, {});
    const options = { loadProfile: async () => profileWith('buyer', false) };
    expect(() =>
      createHttpHandler(testRoutes, { open: noop, mine: noop, sell: noop }, options),
    ).toThrow(/routes without an operation \[admin\]/);
    expect(() =>
      createHttpHandler(
        testRoutes,
        { open: noop, mine: noop, sell: noop, admin: noop, extra: noop },
        options,
      ),
    ).toThrow(/operations without a route \[extra\]/);
  });

  it('loads an operation on its first request only, and not for a refused caller', async () => {
    const { handler, loaders } = build();
    expect(Object.values(loaders).every((loader) => loader.mock.calls.length === 0)).toBe(true);
    await handler(apiEvent({ path: '/api/open/a' }), lambdaContext());
    await handler(apiEvent({ path: '/api/open/b' }), lambdaContext());
    expect(loaders.open).toHaveBeenCalledTimes(1);
    // A signed-out caller of a protected route is refused before its code is loaded.
    expect((await handler(apiEvent({ path: '/api/mine' }), lambdaContext())).statusCode).toBe(401);
    expect(loaders.mine).not.toHaveBeenCalled();
  });
});
