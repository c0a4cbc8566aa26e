/**
 * Notifications across two browsers: the seller (launchpad) watches the bell while the maker
 * account downloads one of the seller's templates; the seller's unread count goes up, the
 * notification opens its template, and Mark all as read clears the bell. Signed-out visitors are
 * sent to /auth.
 */
import { describe, expect, it } from 'vitest';
import { useBrowserSession, type BrowserSession } from '../fixtures/e2e/browser';
import { signIn } from '../fixtures/e2e/sign-in';
import { screenshot } from '../fixtures/e2e/stack';
import { templateIdByTitle } from '../fixtures/e2e/templates';

const unreadOf = async (session: BrowserSession): Promise<number> => {
  const bell = session.page.getByTestId('notification-bell');
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};

/** The seller's unread count as the API gives it, asked with the page's own session. */
const serverUnreadCount = (session: BrowserSession): Promise<number> =>
  session.page.evaluate(async () => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : null;
    const response = await fetch('/api/notifications/unread-count', {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { unread_count: number }).unread_count;
  });

describe('notifications', () => {
  const seller = useBrowserSession();
  const buyer = useBrowserSession();

  it('sends signed-out visitors to sign in', async () => {
    await seller.page.goto('/notifications');
    await seller.page.waitForURL('**/auth');
  });

  it("raises the seller's bell when a buyer downloads their template, then marks all read", async () => {
    await signIn(seller.page, 'seller@demo.local', 'demo1234');
    await seller.page.goto('/notifications');
    await seller.page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await seller.page.getByTestId('notification-bell').waitFor();
    // The count the server holds, then the bell showing it: read from the bell alone, a count not
    // yet drawn reads as 0 and the seeded unread notifications count as new.
    const before = await serverUnreadCount(seller);
    await expect.poll(() => unreadOf(seller)).toBe(before);

    const templateId = await templateIdByTitle('Digital Downloads Shop');
    await signIn(buyer.page, 'maker@demo.local', 'demo1234');
    await buyer.page.goto(`/mvp/${templateId}`);
    await buyer.page.getByTestId('downloads-remaining').waitFor();
    await Promise.all([
      buyer.page.waitForEvent('download'),
      buyer.page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);

    await seller.page.reload();
    await expect.poll(() => unreadOf(seller), { timeout: 15_000 }).toBe(before + 1);
    // The number is drawn inside the red dot, not below it where nobody sees it.
    const badge = seller.page.getByTestId('unread-badge');
    expect(await badge.textContent()).toBe(String(before + 1));
    const numberInsideDot = await badge.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const text = range.getBoundingClientRect();
      const dot = element.getBoundingClientRect();
      return text.top >= dot.top - 1 && text.bottom <= dot.bottom + 1;
    });
    expect(numberInsideDot).toBe(true);
    const newest = seller.page.getByTestId('notification').first();
    await newest.waitFor();
    expect(await newest.textContent()).toContain(
      'Your MVP "Digital Downloads Shop" was downloaded.',
    );
    expect(await newest.getAttribute('data-read')).toBe('false');
    await screenshot(seller.page, 'notifications-unread');

    // Unread only, then mark all: the bell clears.
    await seller.page.getByText('Unread only').click();
    await seller.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => unreadOf(seller), { timeout: 15_000 }).toBe(0);
    await seller.page.getByTestId('notifications-empty').waitFor();
    expect(await seller.page.getByTestId('unread-badge').count()).toBe(0);

    // Clicking a notification opens its link.
    await seller.page.getByText('Unread only').click();
    await seller.page
      .getByTestId('notification')
      .filter({ hasText: 'Digital Downloads Shop' })
      .first()
      .getByRole('button')
      .first()
      .click();
    await seller.page.waitForURL(`**/mvp/${templateId}`);
  });
});
