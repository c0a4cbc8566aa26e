/**
 * `GET /api/me` through the profiles Lambda's handler, against DynamoDB Local, with identities
 * of real users of the local user pool.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/profiles/index';
import { createProfileIfAbsent, getProfileById } from '../../../../lambdas/profiles/repo';
import { defaultProfileItem } from '../../../../lambdas/profiles/service';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { Profile } from '../../../../contract/profile';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import {
  apiEvent,
  claimsFromIdToken,
  idTokenClaims,
  jsonBody,
  lambdaContext,
} from '../../../fixtures/api-event';
import { putLegacyProfile, putProfile } from '../../../fixtures/profiles';
import { createTestUser } from '../../../fixtures/users';

const getMe = (claims?: Record<string, string>, query?: Record<string, string>) =>
  handler(apiEvent({ path: '/api/me', claims, query }), lambdaContext('profiles'));

const meAs = async (claims: Record<string, string>): Promise<Profile> => {
  const result = await getMe(claims);
  expect(result.statusCode).toBe(200);
  return jsonBody<Profile>(result);
};

describe('GET /api/me', () => {
  it('creates the default profile the first time and returns the same one after', async () => {
    const user = await createTestUser({ email: `first-sight-${randomUUID()}@example.com` });
    const claims = claimsFromIdToken(user.idToken);
    const first = await meAs(claims);
    expect(first).toMatchObject({
      id: user.sub,
      email: user.email,
      role: 'buyer',
      downloads_remaining: 0,
      download_quota: 0,
      is_seller_approved: false,
      username: null,
      social_links: {},
    });
    const again = await meAs(claims);
    expect(again).toEqual(first);
    expect((await getProfileById(user.sub))?.created_at).toBe(first.created_at);
  });

  it('creates exactly one profile under ten concurrent first requests', async () => {
    const user = await createTestUser();
    const claims = claimsFromIdToken(user.idToken);
    const results = await Promise.all(Array.from({ length: 10 }, () => getMe(claims)));
    expect(results.map((result) => result.statusCode)).toEqual(Array(10).fill(200));
    const bodies = results.map((result) => jsonBody<Profile>(result));
    expect(new Set(bodies.map((body) => body.created_at)).size).toBe(1);
    const stored = await ProfileEntity.query.byId({ id: user.sub }).go();
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]!.created_at).toBe(bodies[0]!.created_at);
  });

  it('lets the conditional create refuse a second profile for the same user', async () => {
    const item = defaultProfileItem(
      { userId: 'race-user', email: 'race@example.com', signUpRole: null },
      new Date().toISOString(),
    );
    expect(await createProfileIfAbsent(item)).toBe(true);
    expect(await createProfileIfAbsent({ ...item, role: 'seller' })).toBe(false);
    expect((await getProfileById('race-user'))?.role).toBe('buyer');
  });

  it('takes the seller role chosen at sign-up, but never admin or both from a claim', async () => {
    const seller = await meAs(
      idTokenClaims({ sub: 'signup-seller', email: 's@e.com', role: 'seller' }),
    );
    expect(seller.role).toBe('seller');
    expect(seller.is_seller_approved).toBe(false);
    for (const role of ['admin', 'both']) {
      const profile = await meAs(
        idTokenClaims({ sub: `forged-${role}`, email: 'f@e.com', role, groups: ['admin'] }),
      );
      expect(profile.role).toBe('buyer');
    }
  });

  it('reads the sign-up role and groups from a real ID token, never granting admin', async () => {
    const seller = await createTestUser({ role: 'seller', group: 'seller' });
    expect(await meAs(claimsFromIdToken(seller.idToken))).toMatchObject({
      id: seller.sub,
      role: 'seller',
      is_seller_approved: false,
    });
    const forged = await createTestUser({ role: 'admin', group: 'admin' });
    expect((await meAs(claimsFromIdToken(forged.idToken))).role).toBe('buyer');
  });

  it('returns an existing profile as stored, whatever the token claims', async () => {
    await putProfile({
      id: 'existing-admin',
      email: 'admin@example.com',
      username: 'boss',
      role: 'admin',
      downloads_remaining: 7,
      download_quota: 15,
    });
    const profile = await meAs(
      idTokenClaims({ sub: 'existing-admin', email: 'admin@example.com', role: 'seller' }),
    );
    expect(profile).toMatchObject({ role: 'admin', username: 'boss', downloads_remaining: 7 });
  });

  it("answers the quota under its old names from the caller's entitlement, or the profile's old fields", async () => {
    const subscriber = `buyer-${randomUUID()}`;
    await putProfile({
      id: subscriber,
      email: `${subscriber}@example.com`,
      downloads_remaining: 4,
      download_quota: 15,
      last_download_date: '2026-11-20',
      last_quota_reset_at: '2026-11-01T00:00:00.000Z',
    });
    expect(
      await meAs(idTokenClaims({ sub: subscriber, email: `${subscriber}@example.com` })),
    ).toMatchObject({
      downloads_remaining: 4,
      download_quota: 15,
      daily_download_limit: null,
      last_download_date: '2026-11-20',
      last_quota_reset_at: '2026-11-01T00:00:00.000Z',
    });
    const older = `buyer-${randomUUID()}`;
    await putLegacyProfile(
      { id: older, email: `${older}@example.com` },
      { downloads_remaining: 9, download_quota: 15, daily_download_limit: 3 },
    );
    const answer = await meAs(idTokenClaims({ sub: older, email: `${older}@example.com` }));
    expect(answer).toMatchObject({
      downloads_remaining: 9,
      download_quota: 15,
      daily_download_limit: 3,
    });
    // The day counter stays inside: the answer has the same fields as before the split.
    expect(answer).not.toHaveProperty('downloads_today');
  });

  it("always answers with the caller's own profile", async () => {
    const alice = await createTestUser({ email: `alice-${randomUUID()}@example.com` });
    const bob = await createTestUser({ email: `bob-${randomUUID()}@example.com` });
    const aliceProfile = await meAs(claimsFromIdToken(alice.idToken));
    await ProfileEntity.patch({ id: alice.sub }).set({ username: 'alice' }).go();

    const asBob = await getMe(claimsFromIdToken(bob.idToken), {
      id: alice.sub,
      user_id: alice.sub,
    });
    const bobProfile = jsonBody<Profile>(asBob);
    expect(bobProfile.id).toBe(bob.sub);
    expect(bobProfile.email).toBe(bob.email);
    expect(asBob.body).not.toContain(alice.sub);
    expect(asBob.body).not.toContain('alice');
    expect(aliceProfile.id).toBe(alice.sub);
  });

  it('answers 401 without a verified identity', async () => {
    const result = await getMe();
    expect(result.statusCode).toBe(401);
    expect(jsonBody<ApiErrorBody>(result)).toEqual({ message: 'Unauthorized' });
  });
});
