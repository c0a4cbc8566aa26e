/**
 * P2 moves the `users` (by role) and `users_new` (by day) counters in the profile's own
 * transaction (docs/data-model.md, section 3.17), so the admin overview and analytics count every profile
 * exactly once, however many first requests race. This file's table is fresh.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/profiles/index';
import { importProfile } from '../../../../lambdas/profiles/import';
import { CounterEntity, type CounterName } from '../../../../lambdas/shared/db/entities/counter';
import { apiEvent, idTokenClaims, lambdaContext } from '../../../fixtures/api-event';

const counter = async (name: CounterName, bucket: string) =>
  (await CounterEntity.get({ name, bucket, shard: 0 }).go({ consistent: true })).data?.value ?? 0;

const firstSight = (sub: string) =>
  handler(
    apiEvent({
      path: '/api/me',
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
    }),
    lambdaContext('profiles'),
  );

describe('new profiles are counted', () => {
  it('once per profile, by role and day, under concurrent first requests', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const sub = `user-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => firstSight(sub)));
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all(
      Array.from({ length: 4 }, () => firstSight(`user-${randomUUID()}`)).map(async (answer) =>
        expect((await answer).statusCode).toBe(200),
      ),
    );
    expect(await counter('users', 'buyer')).toBe(5);
    expect(await counter('users_new', today)).toBe(5);
    // Seen again: nothing more.
    await firstSight(sub);
    expect(await counter('users', 'buyer')).toBe(5);
  });

  it('imported accounts too (the demo data), once', async () => {
    const created = '2026-01-02T03:04:05.000Z';
    const account = {
      id: `seller-${randomUUID()}`,
      email: `imported-${randomUUID()}@example.com`,
      role: 'seller' as const,
      username: `imported${randomUUID().slice(0, 8)}`,
      isSellerApproved: true,
      downloadsRemaining: 0,
      downloadQuota: 0,
    };
    expect(await importProfile(account, created)).toBe(true);
    expect(await importProfile(account, created)).toBe(false);
    expect(await counter('users', 'seller')).toBe(1);
    expect(await counter('users_new', '2026-01-02')).toBe(1);
  });
});
