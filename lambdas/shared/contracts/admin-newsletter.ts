/** The admin newsletter tab's types (seller-and-admin spec §2 "Newsletter sub-tabs", §5). */
import * as z from 'zod';

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

const nameSchema = z
  .string({ message: NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE })
  .trim()
  .min(1, NEWSLETTER_TYPE_NAME_REQUIRED_MESSAGE)
  .max(100, 'Newsletter type name must be at most 100 characters.');
const descriptionSchema = z
  .string({ message: 'Description must be text.' })
  .trim()
  .max(500, 'Description must be at most 500 characters.');
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
