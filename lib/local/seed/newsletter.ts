/**
 * The newsletter's demo data: the general type, launch-page subscribers, and the demo buyer's and
 * seller's subscriptions from their settings.
 */
import { ensureNewsletterType, importNewsletterDemo } from '../../../lambdas/newsletter/service';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../../contract/newsletter';
import type { DemoAccountKey } from './accounts';
import { userOf, type SeededUser } from './users';

/** The general newsletter (settings, Notifications tab), created once. */
export const seedNewsletterTypes = (): Promise<void> =>
  ensureNewsletterType({
    id: SITE_UPDATES_NEWSLETTER_ID,
    name: 'Site updates',
    description: 'New templates, features and marketplace news, about once a month.',
  });

/** Launch-page addresses for the admin's Subscribers tab (one unsubscribed since). */
export const demoNewsletterSubscribers = [
  { email: 'ada@example.com', source: 'launch_page', subscribed_at: '2026-03-02T09:15:00.000Z' },
  { email: 'grace@example.com', source: 'launch_page', subscribed_at: '2026-03-05T17:40:00.000Z' },
  {
    email: 'linus@example.com',
    source: 'launch_page',
    subscribed_at: '2026-03-09T11:05:00.000Z',
    unsubscribed_at: '2026-04-01T08:00:00.000Z',
  },
  {
    email: 'margaret@example.com',
    source: 'launch_page',
    subscribed_at: '2026-03-20T14:30:00.000Z',
  },
] as const;

/**
 * The newsletter's demo data: the addresses above, and the demo buyer and seller subscribed to
 * site updates from their settings (the User subscriptions tab). Left as is once there.
 */
export const seedNewsletter = (users: Map<DemoAccountKey, SeededUser>): Promise<void> =>
  importNewsletterDemo({
    subscribers: demoNewsletterSubscribers,
    users: (['buyer', 'seller'] as const).map((key) => {
      const user = userOf(users, key);
      return {
        userId: user.sub,
        email: user.account.email,
        newsletterTypeId: SITE_UPDATES_NEWSLETTER_ID,
      };
    }),
  });
