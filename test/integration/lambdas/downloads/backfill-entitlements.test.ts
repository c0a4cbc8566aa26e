/**
 * The entitlement backfill (lambdas/downloads/tasks/backfill-entitlements.ts, docs/data-model.md
 * EN9): profiles in their old shape (the quota on the profile) get their Entitlement item from
 * those fields and lose the fields, their `updated_at` unchanged; a profile whose entitlement a
 * download created meanwhile only loses the fields (the item wins); a second run finds nothing; the
 * removal holds only while the fields are as read.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backfillEntitlements } from '../../../../lambdas/downloads/tasks/backfill-entitlements';
import { handler as profilesHandler } from '../../../../lambdas/profiles/index';
import type { Profile } from '../../../../contract/profile';
import {
  LEGACY_QUOTA_FIELDS,
  LegacyProfileEntity,
} from '../../../../lambdas/shared/db/entities/profile';
import { legacyQuotaRemovalWrite } from '../../../../lambdas/profiles/legacy-quota';
import { transactWrite } from '../../../../lambdas/shared/db/transaction';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import {
  entitlementItem,
  entitlementOf,
  putLegacyProfile,
  putProfile,
  setEntitlement,
} from '../../../fixtures/profiles';

const legacyProfile = async (id: string) =>
  (await LegacyProfileEntity.get({ id }).go({ consistent: true })).data!;

const me = async (sub: string): Promise<Profile> => {
  const result = await profilesHandler(
    apiEvent({
      method: 'GET',
      path: '/api/me',
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
    }),
    lambdaContext('profiles'),
  );
  expect(result.statusCode, result.body).toBe(200);
  return jsonBody<Profile>(result);
};

describe('the entitlement backfill', () => {
  it('moves old-shaped profiles into entitlements once, and a second run finds nothing', async () => {
    const subscriber = `buyer-${randomUUID()}`;
    const limited = `buyer-${randomUUID()}`;
    const raced = `buyer-${randomUUID()}`;
    const current = `buyer-${randomUUID()}`;
    const periodStart = '2026-11-01T00:00:00.000Z';
    await putLegacyProfile(
      { id: subscriber, role: 'seller', is_seller_approved: true },
      {
        downloads_remaining: 7,
        download_quota: 15,
        downloads_today: 2,
        last_download_date: '2026-11-20',
        last_quota_reset_at: periodStart,
      },
    );
    await putLegacyProfile(
      { id: limited },
      { downloads_remaining: 40, download_quota: 50, downloads_today: 0, daily_download_limit: 5 },
    );
    // A download since the deploy created this one's entitlement from its fields already.
    await putLegacyProfile(
      { id: raced },
      { downloads_remaining: 9, download_quota: 15, downloads_today: 0 },
    );
    await setEntitlement(raced, { downloads_remaining: 8, download_quota: 15, downloads_today: 1 });
    const racedEntitlement = await entitlementOf(raced);
    // Already in the new shape: nothing to do.
    await putProfile({ id: current, downloads_remaining: 3, download_quota: 15 });

    const before = await Promise.all(
      [subscriber, limited, raced].map(async (id) => (await legacyProfile(id)).updated_at),
    );
    const answerBefore = await me(subscriber);

    expect(await backfillEntitlements()).toEqual({
      profiles: 3,
      moved: 2,
      cleared: 1,
      skipped: 0,
    });

    expect(await entitlementOf(subscriber)).toMatchObject({
      user_id: subscriber,
      downloads_remaining: 7,
      download_quota: 15,
      downloads_today: 2,
      last_download_date: '2026-11-20',
      last_quota_reset_at: periodStart,
    });
    expect((await entitlementOf(subscriber)).daily_download_limit).toBeUndefined();
    expect(await entitlementOf(limited)).toMatchObject({
      downloads_remaining: 40,
      download_quota: 50,
      daily_download_limit: 5,
    });
    // The item a download made wins over the profile's stale fields.
    expect(await entitlementOf(raced)).toEqual(racedEntitlement);
    expect(await entitlementOf(current)).toMatchObject({ downloads_remaining: 3 });

    for (const [index, id] of [subscriber, limited, raced].entries()) {
      const profile = await legacyProfile(id);
      for (const field of LEGACY_QUOTA_FIELDS) expect(profile[field], field).toBeUndefined();
      // The person did not change: the profile's own time stays.
      expect(profile.updated_at).toBe(before[index]);
    }
    // The owner's answer is the same, now read from the entitlement.
    expect(await me(subscriber)).toEqual(answerBefore);

    expect(await backfillEntitlements()).toEqual({ profiles: 0, moved: 0, cleared: 0, skipped: 0 });
  });

  it('removes the fields only while they are as read, so a change meanwhile is never lost', async () => {
    const id = `buyer-${randomUUID()}`;
    await putLegacyProfile({ id }, { downloads_remaining: 2, download_quota: 15 });
    const staleRead = { downloads_remaining: 2, download_quota: 15 };
    // Written by the code of before the deploy, after the backfill read the profile.
    await LegacyProfileEntity.patch({ id }).set({ downloads_remaining: 1 }).go();

    const refused = await transactWrite({ profile: legacyQuotaRemovalWrite(id, staleRead) });
    expect(refused.failed('profile')).toBe('ConditionalCheckFailed');
    expect(await legacyProfile(id)).toMatchObject({ downloads_remaining: 1, download_quota: 15 });

    // The run reads the fields as they are now and moves those.
    expect(await backfillEntitlements()).toMatchObject({ profiles: 1, moved: 1 });
    expect(await entitlementOf(id)).toEqual({
      ...entitlementItem(id, { downloads_remaining: 1, download_quota: 15 }),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await legacyProfile(id)).downloads_remaining).toBeUndefined();
  });
});
