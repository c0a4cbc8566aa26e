/**
 * The admin newsletter tab's subscribers and user subscriptions through the newsletter Lambda
 * against DynamoDB Local: newest first, paged with signed cursors (tampered, foreign or reused
 * cursors are 400), the status filter, the CSV export (RFC 4180 quoting, the formula guard, the
 * download headers, audited, refused past its cap), admins only.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/newsletter/index';
import { adminExportSubscribers } from '../../../../lambdas/newsletter/admin-service';
import {
  NEWSLETTER_TYPE_MISSING_MESSAGE,
  SUBSCRIBERS_EXPORT_TOO_LARGE_MESSAGE,
  type AdminNewsletterSubscriberPage,
  type AdminUserNewsletterSubscriptionPage,
} from '../../../../contract/admin-newsletter';
import type { ApiErrorBody } from '../../../../contract/errors';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { NewsletterSubscriberEntity } from '../../../../lambdas/shared/db/entities/newsletter-subscriber';
import { NewsletterTypeEntity } from '../../../../lambdas/shared/db/entities/newsletter-type';
import { UserNewsletterSubscriptionEntity } from '../../../../lambdas/shared/db/entities/user-newsletter-subscription';
import { PayloadTooLargeError } from '../../../../lambdas/shared/errors';
import { INVALID_CURSOR_MESSAGE } from '../../../../lambdas/shared/http/cursor';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const ADMIN = `admin-${randomUUID()}`;
const OTHER_ADMIN = `admin-${randomUUID()}`;
const BUYER = `buyer-${randomUUID()}`;

const call = (path: string, query: Record<string, string> = {}, sub = ADMIN) =>
  handler(
    apiEvent({
      method: 'GET',
      path,
      query,
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
    }),
    lambdaContext('newsletter'),
  );

/** Addresses this file stores: newest (index 0) to oldest; every third one unsubscribed. */
const addresses = Array.from({ length: 7 }, (_, index) => {
  const subscribed_at = new Date(Date.UTC(2026, 2, 20 - index, 12)).toISOString();
  return {
    email: `reader-${index}@example.com`,
    source: index % 2 ? 'user_settings' : 'launch_page',
    subscribed_at,
    ...(index % 3 === 2 && { unsubscribed_at: '2026-04-01T00:00:00.000Z' }),
    last_modified_at: subscribed_at,
  };
});

/** Values people can type into a public form, stored oldest of all. */
const nasty = [
  { email: '=HYPERLINK("http://evil.example")@x.com', source: 'launch_page' },
  { email: '+1@x.com', source: '-2+3' },
  { email: '@sum@x.com', source: 'a,b' },
  { email: '\tTab@x.com', source: 'line\r\nbreak' },
  { email: 'quote"inside@x.com', source: '\rcarriage' },
].map((value, index) => ({
  ...value,
  subscribed_at: new Date(Date.UTC(2025, 0, 10 - index)).toISOString(),
  last_modified_at: new Date(Date.UTC(2025, 0, 10 - index)).toISOString(),
}));

/** Every page of a list, following the cursor to its end. */
const readAll = async <Item>(
  path: string,
  query: Record<string, string>,
): Promise<{ pages: Item[][]; items: Item[] }> => {
  const pages: Item[][] = [];
  let cursor: string | null | undefined;
  do {
    const result = await call(path, { ...query, ...(cursor ? { cursor } : {}) });
    expect(result.statusCode, result.body).toBe(200);
    const page = jsonBody<{ items: Item[]; cursor: string | null }>(result);
    pages.push(page.items);
    cursor = page.cursor;
  } while (cursor);
  return { pages, items: pages.flat() };
};

const exportAudits = async () => {
  const { data } = await AuditEntryEntity.query.byTime({}).go({ pages: 'all' });
  return data.filter((entry) => entry.action === 'newsletter_subscribers.export');
};

beforeAll(async () => {
  await putProfile({ id: ADMIN, role: 'admin' });
  await putProfile({ id: OTHER_ADMIN, role: 'admin' });
  await putProfile({ id: BUYER, role: 'buyer' });
  for (const item of [...addresses, ...nasty]) await NewsletterSubscriberEntity.create(item).go();
});

describe('GET /api/admin/newsletter-subscribers', () => {
  it('pages every address newest first', async () => {
    const { pages, items } = await readAll<AdminNewsletterSubscriberPage['items'][number]>(
      '/api/admin/newsletter-subscribers',
      { limit: '3' },
    );
    expect(pages[0]).toHaveLength(3);
    expect(items.map((item) => item.email)).toEqual([
      ...addresses.map((item) => item.email),
      ...nasty.map((item) => item.email),
    ]);
    expect(items[2]).toEqual({
      email: 'reader-2@example.com',
      source: 'launch_page',
      subscribed_at: addresses[2]!.subscribed_at,
      unsubscribed_at: '2026-04-01T00:00:00.000Z',
      last_modified_at: addresses[2]!.subscribed_at,
    });
    expect(items[0]?.unsubscribed_at).toBeNull();
  });

  it('filters by status', async () => {
    const unsubscribed = await readAll<{ email: string }>('/api/admin/newsletter-subscribers', {
      status: 'unsubscribed',
      limit: '1',
    });
    expect(unsubscribed.items.map((item) => item.email)).toEqual([
      'reader-2@example.com',
      'reader-5@example.com',
    ]);
    const subscribed = await readAll<{ email: string }>('/api/admin/newsletter-subscribers', {
      status: 'subscribed',
      limit: '4',
    });
    expect(subscribed.items).toHaveLength(addresses.length + nasty.length - 2);
    expect(subscribed.items.map((item) => item.email)).not.toContain('reader-5@example.com');

    const bad = await call('/api/admin/newsletter-subscribers', { status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const badLimit = await call('/api/admin/newsletter-subscribers', { limit: '0' });
    expect(badLimit.statusCode).toBe(400);
  });

  it('refuses a tampered cursor, one of another list and one of another admin (400)', async () => {
    const first = await call('/api/admin/newsletter-subscribers', { limit: '2' });
    const { cursor } = jsonBody<AdminNewsletterSubscriberPage>(first);
    expect(cursor).toEqual(expect.any(String));
    const position = cursor!.slice(0, cursor!.lastIndexOf('.'));
    const forged = `${Buffer.from('{"gsi1pk":"$marketplace","gsi1sk":"x"}').toString('base64url')}${cursor!.slice(cursor!.lastIndexOf('.'))}`;
    const attempts: [Record<string, string>, string][] = [
      [{ cursor: `${position}.AAAAAAAAAAAAAAAAAAAAAA` }, ADMIN],
      [{ cursor: forged }, ADMIN],
      [{ cursor: position }, ADMIN],
      [{ cursor: 'garbage' }, ADMIN],
      [{ cursor: cursor!, status: 'subscribed' }, ADMIN],
      [{ cursor: cursor! }, OTHER_ADMIN],
    ];
    for (const [query, sub] of attempts) {
      const result = await call('/api/admin/newsletter-subscribers', query, sub);
      expect(result.statusCode, JSON.stringify(query)).toBe(400);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(INVALID_CURSOR_MESSAGE);
    }
    const genuine = await call('/api/admin/newsletter-subscribers', {
      limit: '2',
      cursor: cursor!,
    });
    expect(genuine.statusCode).toBe(200);
    expect(jsonBody<AdminNewsletterSubscriberPage>(genuine).items[0]?.email).toBe(
      'reader-2@example.com',
    );
  });
});

describe('GET /api/admin/newsletter-subscribers/export', () => {
  it('answers a CSV download, quoted and formula-guarded, and audits it', async () => {
    const before = (await exportAudits()).length;
    const result = await call('/api/admin/newsletter-subscribers/export');
    expect(result.statusCode, result.body).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(result.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="subscribers-${today}.csv"`,
      'cache-control': 'no-store',
    });
    const lines = (result.body ?? '').split('\r\n');
    expect(lines[0]).toBe('email,source,subscribed_at,unsubscribed_at,last_modified_at');
    expect(lines.at(-1)).toBe('');
    expect(lines[3]).toBe(
      `reader-2@example.com,launch_page,${addresses[2]!.subscribed_at},2026-04-01T00:00:00.000Z,${addresses[2]!.subscribed_at}`,
    );
    const tail = (result.body ?? '').split(`${addresses[6]!.last_modified_at}\r\n`)[1];
    const at = (index: number) => `${nasty[index]!.subscribed_at},,${nasty[index]!.subscribed_at}`;
    expect(tail).toBe(
      [
        `"'=HYPERLINK(""http://evil.example"")@x.com",launch_page,${at(0)}`,
        `'+1@x.com,'-2+3,${at(1)}`,
        `'@sum@x.com,"a,b",${at(2)}`,
        `'\tTab@x.com,"line\r\nbreak",${at(3)}`,
        `"quote""inside@x.com","'\rcarriage",${at(4)}`,
        '',
      ].join('\r\n'),
    );

    const audits = await exportAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({
      actor_id: ADMIN,
      target_type: 'newsletter_subscribers',
      target_id: 'all',
      after: { status: 'all', count: addresses.length + nasty.length },
    });
  });

  it('exports one status only', async () => {
    const result = await call('/api/admin/newsletter-subscribers/export', {
      status: 'unsubscribed',
    });
    expect(result.statusCode).toBe(200);
    const lines = (result.body ?? '').trimEnd().split('\r\n');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'reader-2@example.com',
      'reader-5@example.com',
    ]);
    expect((await exportAudits()).at(-1)).toMatchObject({
      after: { status: 'unsubscribed', count: 2 },
    });
  });

  it('refuses an export past its cap (413 through the chain), and records nothing', async () => {
    const before = (await exportAudits()).length;
    await expect(
      adminExportSubscribers({ userId: ADMIN, email: 'a@example.com' }, 'all', { maxBytes: 300 }),
    ).rejects.toThrow(PayloadTooLargeError);
    await expect(
      adminExportSubscribers({ userId: ADMIN, email: 'a@example.com' }, 'all', { maxBytes: 300 }),
    ).rejects.toThrow(SUBSCRIBERS_EXPORT_TOO_LARGE_MESSAGE);
    expect(await exportAudits()).toHaveLength(before);
    const small = await adminExportSubscribers(
      { userId: ADMIN, email: 'a@example.com' },
      'unsubscribed',
      { maxBytes: 300 },
    );
    expect(small.count).toBe(2);
  });
});

describe('GET /api/admin/newsletter-types/{id}/subscriptions', () => {
  const typeId = `weekly-${randomUUID()}`;
  const otherTypeId = `monthly-${randomUUID()}`;
  const users = Array.from({ length: 3 }, (_, index) => ({
    id: `reader-${index}-${randomUUID()}`,
    username: `reader${index}${randomUUID().slice(0, 6)}`,
  }));

  beforeAll(async () => {
    const now = new Date().toISOString();
    for (const id of [typeId, otherTypeId]) {
      await NewsletterTypeEntity.create({
        id,
        name: id,
        is_active: true,
        created_at: now,
        updated_at: now,
      }).go();
    }
    for (const [index, user] of users.entries()) {
      // The last user has no profile any more: the row stays, without names.
      if (index < 2) {
        await putProfile({ id: user.id, username: user.username, display_name: `Reader ${index}` });
      }
      const at = new Date(Date.UTC(2026, 4, 1 + index)).toISOString();
      await UserNewsletterSubscriptionEntity.create({
        user_id: user.id,
        newsletter_type_id: typeId,
        email: `${user.id}@example.com`,
        status: index === 1 ? 'inactive' : 'active',
        source: 'user_settings',
        subscribed_at: at,
        last_modified_at: at,
      }).go();
    }
  });

  it('pages the users of one type, latest change first, with their names', async () => {
    const path = `/api/admin/newsletter-types/${typeId}/subscriptions`;
    const { pages, items } = await readAll<AdminUserNewsletterSubscriptionPage['items'][number]>(
      path,
      { limit: '2' },
    );
    expect(pages[0]).toHaveLength(2);
    expect(items.map((item) => item.user_id)).toEqual(users.map((user) => user.id).reverse());
    expect(items[0]).toMatchObject({ username: null, display_name: null, status: 'active' });
    expect(items[1]).toEqual({
      user_id: users[1]!.id,
      email: `${users[1]!.id}@example.com`,
      username: users[1]!.username,
      display_name: 'Reader 1',
      status: 'inactive',
      source: 'user_settings',
      subscribed_at: new Date(Date.UTC(2026, 4, 2)).toISOString(),
      last_modified_at: new Date(Date.UTC(2026, 4, 2)).toISOString(),
    });

    const empty = await call(`/api/admin/newsletter-types/${otherTypeId}/subscriptions`);
    expect(jsonBody<AdminUserNewsletterSubscriptionPage>(empty)).toEqual({
      items: [],
      cursor: null,
    });
  });

  it('refuses a cursor of another type or a tampered one (400); an unknown type is 404', async () => {
    const path = `/api/admin/newsletter-types/${typeId}/subscriptions`;
    const { cursor } = jsonBody<AdminUserNewsletterSubscriptionPage>(
      await call(path, { limit: '1' }),
    );
    expect(cursor).toEqual(expect.any(String));
    const other = await call(`/api/admin/newsletter-types/${otherTypeId}/subscriptions`, {
      cursor: cursor!,
    });
    expect(other.statusCode).toBe(400);
    const tampered = await call(path, { cursor: `x${cursor!}` });
    expect(tampered.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(tampered).message).toBe(INVALID_CURSOR_MESSAGE);

    const missing = await call(`/api/admin/newsletter-types/nope-${randomUUID()}/subscriptions`);
    expect(missing.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(missing).message).toBe(NEWSLETTER_TYPE_MISSING_MESSAGE);
  });
});

describe('access', () => {
  it('is for admins only', async () => {
    for (const path of [
      '/api/admin/newsletter-subscribers',
      '/api/admin/newsletter-subscribers/export',
      `/api/admin/newsletter-types/site_updates/subscriptions`,
    ]) {
      const result = await call(path, {}, BUYER);
      expect(result.statusCode, path).toBe(403);
      expect(result.body).not.toContain('reader-0@example.com');
    }
  });
});
