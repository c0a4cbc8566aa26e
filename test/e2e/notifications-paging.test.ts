/**
 * The notifications page shows 50 at a time and fetches the next page with the cursor the API
 * returned. The API's paging itself is proven by the integration suite; here the list endpoint is
 * answered by the test (57 notifications in two pages) so the browser side is checked without
 * writing 57 notifications into the shared demo stack.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '../../contract/notifications';
import { useBrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';

const notification = (index: number): Notification => ({
  id: `01JNOTIFICATIONPAGING${String(index).padStart(5, '0')}`,
  type: 'new_download',
  message: `Paging notification ${index}`,
  link: null,
  read: true,
  created_at: new Date(Date.UTC(2025, 0, 1, 0, 0, 100 - index)).toISOString(),
});

const ALL = Array.from({ length: 57 }, (_, index) => notification(index + 1));

describe('notifications paging', () => {
  const session = useBrowserSession();
  const cursorsAsked: (string | null)[] = [];

  beforeAll(async () => {
    await session.page.route(
      (url) => url.pathname === '/api/notifications',
      async (route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursorsAsked.push(cursor);
        const page: NotificationPage =
          cursor === 'page-2'
            ? { items: ALL.slice(50), cursor: null }
            : { items: ALL.slice(0, 50), cursor: 'page-2' };
        await route.fulfill({ json: page });
      },
    );
  });

  it('shows the first 50 and loads the rest with the cursor', async () => {
    const { page } = session;
    await signIn(page, 'buyer@demo.local', 'demo1234');
    await page.goto('/notifications');
    await page.getByText('Paging notification 1', { exact: true }).waitFor();
    expect(await page.getByTestId('notification').count()).toBe(50);
    expect(cursorsAsked).toEqual([null]);

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText('Paging notification 57', { exact: true }).waitFor();
    expect(await page.getByTestId('notification').count()).toBe(57);
    expect(cursorsAsked).toContain('page-2');
    // The last page had no cursor: nothing more to load.
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });
});
