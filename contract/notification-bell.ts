/**
 * The header's notification bell: how often it polls and what its badge says.
 * Kept free of zod on purpose: the header is on every page's first load, and zod would add about
 * 24 KB gzipped to it. The API's notification contract is notifications.ts.
 */

/** The bell polls `GET /api/notifications/unread-count` this often. */
export const UNREAD_POLL_MS = 60_000;
/** Above this the bell shows `99+`. */
export const UNREAD_BADGE_MAX = 99;

/** The text of the bell's badge: the count, `99+` above 99, nothing at 0. */
export const unreadBadgeText = (count: number): string | null =>
  count <= 0 ? null : count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
