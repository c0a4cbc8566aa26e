/**
 * A download spends the buyer's Entitlement item (docs/data-model.md, sections 3.28 and 4.1) and
 * never writes their profile: every DynamoDB write a download sends is recorded, and none names the
 * profile item, which stays byte for byte as it was (its `updated_at` too), while the entitlement
 * moves. Also: a user without the item downloads from their defaults, and a profile still in its
 * old shape (the quota on the profile) downloads from what it carries, its day's count and limit
 * included.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/downloads/index';
import { dailyLimitMessage, type DownloadResult } from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { documentClient, tableName } from '../../../../lambdas/shared/db/client';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { recordDynamoDbCommands } from '../../../fixtures/dynamodb-commands';
import {
  entitlementOf,
  putLegacyProfile,
  putProfile,
  storedEntitlement,
} from '../../../fixtures/profiles';
import { templateWithFile } from '../../../fixtures/template-fixtures';
import { storeTemplateFile } from '../../../fixtures/template-items';

const SELLER = `seller-${randomUUID()}`;
const included = templateWithFile({ seller_id: SELLER, title: 'Included Kit' });
const secondIncluded = templateWithFile({ seller_id: SELLER, title: 'Second Included Kit' });
const free = templateWithFile({ seller_id: SELLER, title: 'Free Kit', access_tier: 'free' });

const commands = recordDynamoDbCommands();

const WRITES = ['TransactWrite', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWrite'];

/** The writes sent since the last `clear`, as their serialized inputs. */
const writesSent = () =>
  commands.sent
    .filter((command) => WRITES.some((name) => command.name.includes(name)))
    .map((command) => command.input);

/** The profile item exactly as stored, its physical keys included. */
const rawProfile = async (id: string) => {
  const { Item } = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: ProfileEntity.keyOf({ id }),
      ConsistentRead: true,
    }),
  );
  return Item;
};

const download = async (templateId: string, sub: string) => {
  const result = await handler(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${templateId}/download`,
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
    }),
    lambdaContext('downloads'),
  );
  expect(result.statusCode, result.body).toBe(200);
  return jsonBody<DownloadResult>(result);
};

/** The profile's sort key: no write of a download may carry it. */
const PROFILE_SORT_KEY = '$profile_1';
const ENTITLEMENT_SORT_KEY = '$entitlement_1';

beforeAll(async () => {
  await Promise.all(
    [included, secondIncluded, free].map(async (item) => {
      await TemplateEntity.create(item).go();
      await storeTemplateFile(item);
    }),
  );
});

describe('a download and the profile', () => {
  it('spends the entitlement and leaves the profile item untouched, in no write at all', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, download_quota: 15, downloads_remaining: 3 });
    const profileBefore = await rawProfile(buyer);
    const entitlementBefore = await entitlementOf(buyer);
    // A moment later than the entitlement's creation, so a changed `updated_at` shows.
    await new Promise((resolve) => setTimeout(resolve, 5));

    commands.clear();
    expect((await download(included.id, buyer)).quotaSpent).toBe(true);
    expect((await download(free.id, buyer)).quotaSpent).toBe(false);

    const writes = writesSent();
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((input) => input.includes(PROFILE_SORT_KEY))).toEqual([]);
    // The download's own transaction carried the entitlement (both downloads: spend, then the day).
    expect(writes.filter((input) => input.includes(ENTITLEMENT_SORT_KEY))).toHaveLength(2);

    expect(await rawProfile(buyer)).toEqual(profileBefore);
    const entitlementAfter = await entitlementOf(buyer);
    expect(entitlementAfter).toMatchObject({
      downloads_remaining: 2,
      download_quota: 15,
      downloads_today: 2,
      last_download_date: new Date().toISOString().slice(0, 10),
    });
    expect(entitlementAfter.updated_at > entitlementBefore.updated_at).toBe(true);
  });

  it('creates the entitlement of a user who had only the defaults, and still not the profile', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer });
    expect(await storedEntitlement(buyer)).toBeNull();
    const profileBefore = await rawProfile(buyer);

    commands.clear();
    expect((await download(free.id, buyer)).quotaSpent).toBe(false);

    expect(writesSent().filter((input) => input.includes(PROFILE_SORT_KEY))).toEqual([]);
    expect(await rawProfile(buyer)).toEqual(profileBefore);
    // The free plan's defaults, with the day's first download counted.
    expect(await entitlementOf(buyer)).toMatchObject({
      downloads_remaining: 0,
      download_quota: 0,
      downloads_today: 1,
      last_download_date: new Date().toISOString().slice(0, 10),
    });
  });

  it('spends what a profile in its old shape carries, moving it into the entitlement', async () => {
    const buyer = `buyer-${randomUUID()}`;
    const periodStart = '2026-11-01T00:00:00.000Z';
    await putLegacyProfile(
      { id: buyer },
      {
        downloads_remaining: 4,
        download_quota: 15,
        downloads_today: 0,
        last_quota_reset_at: periodStart,
      },
    );
    const profileBefore = await rawProfile(buyer);

    commands.clear();
    expect((await download(included.id, buyer)).quotaSpent).toBe(true);

    expect(writesSent().filter((input) => input.includes(PROFILE_SORT_KEY))).toEqual([]);
    // The old fields stay on the profile, unread from now on, until the backfill removes them.
    expect(await rawProfile(buyer)).toEqual(profileBefore);
    expect(await entitlementOf(buyer)).toMatchObject({
      downloads_remaining: 3,
      download_quota: 15,
      downloads_today: 1,
      last_quota_reset_at: periodStart,
    });
    // And the next download spends from the entitlement, not from the profile's stale 4.
    expect((await download(secondIncluded.id, buyer)).quotaSpent).toBe(true);
    expect((await entitlementOf(buyer)).downloads_remaining).toBe(2);
  });

  it("keeps an old-shaped profile's day: its count goes on, and at its limit it is refused", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const counting = `buyer-${randomUUID()}`;
    await putLegacyProfile(
      { id: counting },
      {
        downloads_remaining: 5,
        download_quota: 15,
        daily_download_limit: 3,
        last_download_date: today,
        downloads_today: 1,
      },
    );
    await download(included.id, counting);
    expect(await entitlementOf(counting)).toMatchObject({
      downloads_remaining: 4,
      downloads_today: 2,
      last_download_date: today,
    });

    const atLimit = `buyer-${randomUUID()}`;
    await putLegacyProfile(
      { id: atLimit },
      {
        downloads_remaining: 5,
        download_quota: 15,
        daily_download_limit: 3,
        last_download_date: today,
        downloads_today: 3,
      },
    );
    const refused = await handler(
      apiEvent({
        method: 'POST',
        path: `/api/mvps/${included.id}/download`,
        claims: idTokenClaims({ sub: atLimit, email: `${atLimit}@example.com` }),
      }),
      lambdaContext('downloads'),
    );
    expect(refused.statusCode).toBe(429);
    expect(jsonBody<ApiErrorBody>(refused).message).toBe(dailyLimitMessage(3));
    expect(await storedEntitlement(atLimit)).toBeNull();
  });
});
