/**
 * The notification routes through the notifications Lambda's handler against DynamoDB Local:
 * strictly per caller (user A can neither list, count nor mark user B's notifications), the
 * unread-only list, mark one (idempotent) and mark all, with the counter always equal to the
 * number of unread notifications.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/notifications/index';
import { notifyUser } from '../../../../lambdas/notifications/service';
import type { ApiErrorBody } from '../../../../contract/errors';
import type {
  MarkAllReadResult,
  NotificationPage,
  UnreadCount,
} from '../../../../contract/notifications';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { INVALID_CURSOR_MESSAGE } from '../../../../lambdas/shared/http/cursor';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';

const call = (method: 'GET' | 'POST', path: string, sub?: string, query?: Record<string, string>) =>
  handler(
    apiEvent({
      method,
      path,
      query,
      claims: sub ? idTokenClaims({ sub, email: `${sub}@example.com` }) : undefined,
    }),
    lambdaContext('notifications'),
  );

const seed = async (userId: string, count: number) => {
  for (let i = 0; i < count; i += 1) {
    await notifyUser({
      userId,
      type: 'new_download',
      message: `Download ${i}`,
      link: `/mvp/${i}`,
    });
  }
};

const listOf = async (sub: string, query?: Record<string, string>) => {
  const result = await call('GET', '/api/notifications', sub, query);
  expect(result.statusCode).toBe(200);
  return jsonBody<NotificationPage>(result);
};

const countOf = async (sub: string) =>
  jsonBody<UnreadCount>(await call('GET', '/api/notifications/unread-count', sub)).unread_count;

describe('notifications API', () => {
  it('lists, counts and marks only the caller’s own notifications', async () => {
    const alice = `alice-${randomUUID()}`;
    const bob = `bob-${randomUUID()}`;
    await seed(alice, 3);
    await seed(bob, 2);

    const all = await listOf(alice);
    expect(all.items.map((item) => item.message)).toEqual([
      'Download 2',
      'Download 1',
      'Download 0',
    ]);
    expect(all.items[0]).toEqual({
      id: expect.any(String),
      type: 'new_download',
      message: 'Download 2',
      link: '/mvp/2',
      read: false,
      created_at: expect.any(String),
    });
    expect(await countOf(alice)).toBe(3);
    expect(await countOf(bob)).toBe(2);

    // Bob cannot mark Alice's notification: under his key it does not exist.
    const aliceFirst = all.items[0]!.id;
    const foreign = await call('POST', `/api/notifications/${aliceFirst}/read`, bob);
    expect(foreign.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(foreign).message).toBe('Notification not found.');
    expect(await countOf(alice)).toBe(3);
    expect(
      (await listOf(bob)).items.every((item) => !all.items.some((a) => a.id === item.id)),
    ).toBe(true);

    // Mark one read, twice: idempotent, counted once.
    expect((await call('POST', `/api/notifications/${aliceFirst}/read`, alice)).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/notifications/${aliceFirst}/read`, alice)).statusCode).toBe(
      200,
    );
    expect(await countOf(alice)).toBe(2);
    const unread = await expect
      .poll(async () => (await listOf(alice, { unread: 'true' })).items.length)
      .toBe(2);
    void unread;
    const stored = await NotificationEntity.get({ user_id: alice, id: aliceFirst }).go();
    expect(stored.data?.read).toBe(true);
    expect(stored.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 179 * 24 * 3600);

    // Bob's read-all leaves Alice alone.
    const bobAll = jsonBody<MarkAllReadResult>(
      await call('POST', '/api/notifications/read-all', bob),
    );
    expect(bobAll.marked).toBe(2);
    expect(await countOf(bob)).toBe(0);
    expect(await countOf(alice)).toBe(2);
  });

  it('marks more than one batch read and keeps the counter exact', async () => {
    const busy = `busy-${randomUUID()}`;
    // Ten at a time: every notification adds to the same unread counter, and 120 transactions on
    // one item at once only measure the emulator's patience on a loaded machine.
    for (let start = 0; start < 120; start += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          notifyUser({ userId: busy, type: 'new_review', message: `Review ${start + i}` }),
        ),
      );
    }
    expect(await countOf(busy)).toBe(120);
    const answer = await call('POST', '/api/notifications/read-all', busy);
    expect(answer.statusCode).toBe(200);
    expect(jsonBody<MarkAllReadResult>(answer).marked).toBe(120);
    expect(await countOf(busy)).toBe(0);
    const remaining = await NotificationEntity.query.byUser({ user_id: busy }).go({ pages: 'all' });
    expect(remaining.data).toHaveLength(120);
    expect(remaining.data.every((item) => item.read)).toBe(true);
    expect((await listOf(busy, { unread: 'true' })).items).toHaveLength(0);
  });

  it('pages the list with a cursor', async () => {
    const reader = `reader-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        notifyUser({ userId: reader, type: 'new_download', message: `N ${i}` }),
      ),
    );
    const first = await listOf(reader);
    expect(first.items).toHaveLength(50);
    expect(first.cursor).not.toBeNull();
    const second = await listOf(reader, { cursor: first.cursor! });
    expect(second.items).toHaveLength(5);
  });

  it('refuses forged, altered, foreign and cross-list cursors with a 400, never a 500', async () => {
    const owner = `owner-${randomUUID()}`;
    const other = `other-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 52 }, (_, i) =>
        notifyUser({ userId: owner, type: 'new_download', message: `M ${i}` }),
      ),
    );
    const { cursor } = await listOf(owner);
    const { cursor: unreadCursor } = await listOf(owner, { unread: 'true' });
    const [position = '', mac = ''] = cursor!.split('.');
    const forgedPosition = Buffer.from(
      JSON.stringify({ pk: `$marketplace#user_id_${owner}`, sk: '$notification_1#id_0' }),
    ).toString('base64url');
    for (const [label, sub, query] of [
      ['garbage', owner, { cursor: 'garbage!!' }],
      ['empty JSON', owner, { cursor: 'e30' }],
      ['forged position, real MAC', owner, { cursor: `${forgedPosition}.${mac}` }],
      ['altered MAC', owner, { cursor: `${position}.${mac.slice(0, -2)}AA` }],
      ["another user's cursor", other, { cursor: cursor! }],
      ['an unread-list cursor on the full list', owner, { cursor: unreadCursor! }],
      ['a full-list cursor on the unread list', owner, { cursor: cursor!, unread: 'true' }],
    ] as const) {
      const result = await call('GET', '/api/notifications', sub, query);
      expect(result.statusCode, label).toBe(400);
      expect(jsonBody<ApiErrorBody>(result).message, label).toBe(INVALID_CURSOR_MESSAGE);
    }
  });

  it('needs a signed-in caller and well-formed input', async () => {
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call('GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    expect((await call('POST', '/api/notifications/read-all')).statusCode).toBe(401);
    const sub = `user-${randomUUID()}`;
    expect((await call('POST', '/api/notifications/nope/read', sub)).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications', sub, { unread: 'maybe' })).statusCode).toBe(
      400,
    );
    expect(await countOf(sub)).toBe(0);
  });
});
