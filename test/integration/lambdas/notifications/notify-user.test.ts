import { describe, expect, it } from 'vitest';
import { notifyUser } from '../../../../lambdas/notifications/service';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { NotificationCounterEntity } from '../../../../lambdas/shared/db/entities/notification-counter';

describe('notifyUser', () => {
  it('writes the notification and moves the unread count in one transaction', async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        notifyUser({ userId: 'seller-1', type: 'new_download', message: `Download ${i}` }),
      ),
    );
    const counter = await NotificationCounterEntity.get({ user_id: 'seller-1' }).go();
    expect(counter.data?.unread_count).toBe(5);
    const unread = await NotificationEntity.query.unread({ user_id: 'seller-1' }).go();
    expect(unread.data).toHaveLength(5);
    expect(unread.data.every((item) => item.read === false)).toBe(true);
    const other = await NotificationCounterEntity.get({ user_id: 'seller-2' }).go();
    expect(other.data).toBeNull();
  });
});
