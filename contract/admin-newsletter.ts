/** The admin newsletter tab's types. */
import * as z from 'zod';
import { text } from './text';

export const NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE = 'Newsletter type name is required';
export const NEWSLETTER_TYPE_MISSING_MESSAGE = 'Newsletter type not found.';
export const NEWSLETTER_TYPE_PROTECTED_MESSAGE =
  'The site updates newsletter is used by the settings page and cannot be deleted.';

/** One newsletter type as the admin tab shows it. */
export interface AdminNewsletterType {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface AdminNewsletterTypeList {
  items: AdminNewsletterType[];
}

const nameSchema = text({ label: 'The name', error: NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE })
  .min(1, NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE)
  .max(100, 'Newsletter type name must be at most 100 characters.');
const descriptionSchema = text({
  label: 'The description',
  multiline: true,
  error: 'Description must be text.',
}).max(500, 'Description must be at most 500 characters.');
const activeSchema = z.boolean({ message: 'is_active must be true or false.' });

/** `POST /api/admin/newsletter-types`. */
export const newsletterTypeCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.optional(),
  is_active: activeSchema.default(true),
});
export type NewsletterTypeCreate = z.output<typeof newsletterTypeCreateSchema>;

/** `PATCH /api/admin/newsletter-types/{id}`: any of the three. */
export const newsletterTypeUpdateSchema = z.object({
  name: nameSchema.optional(),
  description: descriptionSchema.optional(),
  is_active: activeSchema.optional(),
});
export type NewsletterTypeUpdate = z.output<typeof newsletterTypeUpdateSchema>;

/** `/api/admin/newsletter-types/{id}`; an unknown id is simply not found (404). */
export const newsletterTypePathSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, NEWSLETTER_TYPE_MISSING_MESSAGE)
    .max(64, NEWSLETTER_TYPE_MISSING_MESSAGE),
});

/** `DELETE /api/admin/newsletter-types/{id}`. */
export interface NewsletterTypeDeleted {
  id: string;
  deleted: true;
}

// Subscribers and user subscriptions.

/** The product's texts. */
export const NEWSLETTER_ADMIN_MESSAGES = {
  loadFailed: 'Failed to load subscriptions or subscribers',
  exportFailed: 'Failed to export subscribers',
} as const;

export const NEWSLETTER_SUBSCRIBER_STATUSES = ['all', 'subscribed', 'unsubscribed'] as const;
export type NewsletterSubscriberStatus = (typeof NEWSLETTER_SUBSCRIBER_STATUSES)[number];

export const NEWSLETTER_ADMIN_PAGE_SIZE = 50;
export const NEWSLETTER_ADMIN_PAGE_MAX = 100;

/**
 * The export's cap, in bytes of CSV: a Lambda answer (body included) must stay under 6 MB, so a
 * larger export is refused (413) with this text instead of failing half-way.
 */
export const SUBSCRIBERS_EXPORT_MAX_BYTES = 5 * 1024 * 1024;
export const SUBSCRIBERS_EXPORT_TOO_LARGE_MESSAGE =
  'The export is larger than 5 MB. Filter the subscribers by status and export each part.';

/** The CSV's columns, in order (its first line). */
export const SUBSCRIBERS_CSV_COLUMNS = [
  'email',
  'source',
  'subscribed_at',
  'unsubscribed_at',
  'last_modified_at',
] as const;

/** One address as the Subscribers sub-tab shows it. */
export interface AdminNewsletterSubscriber {
  email: string;
  source: string;
  subscribed_at: string;
  /** Set while the address is unsubscribed. */
  unsubscribed_at: string | null;
  last_modified_at: string;
}

export interface AdminNewsletterSubscriberPage {
  /** Newest first (by `subscribed_at`). */
  items: AdminNewsletterSubscriber[];
  /** The next page's cursor, or `null` at the end. */
  cursor: string | null;
}

/** One user's subscription to a type, as the User subscriptions sub-tab shows it. */
export interface AdminUserNewsletterSubscription {
  user_id: string;
  email: string;
  /** The user's profile names when the profile exists. */
  username: string | null;
  display_name: string | null;
  status: 'active' | 'inactive';
  source: string;
  subscribed_at: string;
  last_modified_at: string;
}

export interface AdminUserNewsletterSubscriptionPage {
  /** Newest change first (by `last_modified_at`). */
  items: AdminUserNewsletterSubscription[];
  /** The next page's cursor, or `null` at the end. */
  cursor: string | null;
}

const limitSchema = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return NEWSLETTER_ADMIN_PAGE_SIZE;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < 1 || parsed > NEWSLETTER_ADMIN_PAGE_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Limit must be a whole number from 1 to ${NEWSLETTER_ADMIN_PAGE_MAX}.`,
      });
      return z.NEVER;
    }
    return parsed;
  });
const cursorSchema = z.string().max(2048, 'The cursor is malformed.').optional();
const subscriberStatusSchema = z
  .enum(NEWSLETTER_SUBSCRIBER_STATUSES, {
    message: `Status must be one of: ${NEWSLETTER_SUBSCRIBER_STATUSES.join(', ')}.`,
  })
  .default('all');

/** `GET /api/admin/newsletter-subscribers?limit=&cursor=&status=`. */
export const newsletterSubscribersQuerySchema = z.object({
  limit: limitSchema,
  cursor: cursorSchema,
  status: subscriberStatusSchema,
});

/** `GET /api/admin/newsletter-subscribers/export?status=`. */
export const newsletterSubscribersExportQuerySchema = z.object({
  status: subscriberStatusSchema,
});

/** `GET /api/admin/newsletter-types/{id}/subscriptions?limit=&cursor=`. */
export const newsletterSubscriptionsQuerySchema = z.object({
  limit: limitSchema,
  cursor: cursorSchema,
});
