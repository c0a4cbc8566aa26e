/**
 * Newsletter toggle (settings) and lead capture (launch overlay): schemas and the product's texts.
 */
import * as z from 'zod';
import { text } from './text';

/** The general list of site updates, seeded (docs/data-model.md, section 3.14). */
export const SITE_UPDATES_NEWSLETTER_ID = 'site_updates';

export const NEWSLETTER_UPDATE_FAILED_MESSAGE = 'Failed to update newsletter subscription.';
export const USER_EMAIL_UNAVAILABLE_MESSAGE = 'User email is not available.';
export const NEWSLETTER_TYPE_NOT_FOUND_MESSAGE = 'This newsletter is not available.';

/** `GET` and `PUT /api/me/newsletter`. */
export interface NewsletterStatus {
  newsletter_type_id: string;
  name: string;
  description: string | null;
  subscribed: boolean;
}

export const newsletterUpdateSchema = z.object({
  newsletter_type_id: z.string().trim().min(1).max(64).default(SITE_UPDATES_NEWSLETTER_ID),
  subscribed: z.boolean({ message: 'subscribed must be true or false.' }),
});
export type NewsletterUpdate = z.output<typeof newsletterUpdateSchema>;

export const LEAD_EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';
export const LEAD_CONSENT_REQUIRED_MESSAGE = 'Please agree to the privacy policy';
export const LEAD_INVALID_EMAIL_MESSAGE = 'Please enter a valid email';
export const LEAD_SUCCESS_MESSAGE = 'Thank you for subscribing!';
/** The line the launch form adds under it: the sign-up is confirmed by e-mail (double opt-in). */
export const CHECK_INBOX_MESSAGE = 'Check your inbox to confirm.';
export const LEAD_FAILED_MESSAGE = 'Failed to process lead capture.';
export const LEAD_SOURCE = 'launch_page';

/** `POST /api/leads` (the launch overlay's lead capture): consent must be given, server-side too. */
export const leadCaptureSchema = z.object({
  email: z
    .string({ message: LEAD_EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, LEAD_EMAIL_REQUIRED_MESSAGE)
    .max(254, LEAD_INVALID_EMAIL_MESSAGE)
    .pipe(z.email(LEAD_INVALID_EMAIL_MESSAGE))
    .transform((email) => email.toLowerCase()),
  agreed_to_terms: z.literal(true, { message: LEAD_CONSENT_REQUIRED_MESSAGE }),
  source: text({ label: 'The source' }).min(1).max(64).default(LEAD_SOURCE),
  timestamp: z.iso.datetime({ message: 'timestamp must be an ISO 8601 date-time.' }).optional(),
});
export type LeadCapture = z.output<typeof leadCaptureSchema>;

export interface LeadCaptureResult {
  message: string;
}

/** `GET /api/me/newsletter` query; `site_updates` when absent. */
export type NewsletterQuery = {
  newsletter_type_id?: string;
};
