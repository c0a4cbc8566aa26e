/**
 * Which notifications are also e-mailed, and the caller's switches for them: shared by the API
 * (the sender checks them at send time), the Settings → Notifications tab and the unsubscribe page.
 *
 * Every notification type is e-mailed. Receipts (money taken or returned, a licence issued) and
 * security messages are `always` sent: they are records a person may need later, so they have no
 * switch and no unsubscribe link. Every other type is `optional`, with a per-user switch and a
 * one-click unsubscribe link in each e-mail. A type nobody described here yet (a new one) is
 * optional, on by default, and named after its identifier, so it is never silently dropped.
 */
import * as z from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from './notifications';

export type EmailPolicy = 'always' | 'optional';

/** Who receives a kind at all: the settings page shows each person only their own kinds. */
export type EmailAudience = 'everyone' | 'sellers' | 'admins';

export interface EmailSetting {
  /** The switch's label and the e-mail's category, in human words. */
  label: string;
  /** One line under the label: when this e-mail is sent. */
  description: string;
  policy: EmailPolicy;
  /** An optional type's state before the user chose. */
  defaultOn: boolean;
  audience: EmailAudience;
}

const receipt = (label: string, description: string): EmailSetting => ({
  label,
  description,
  policy: 'always',
  defaultOn: true,
  audience: 'everyone',
});
const optional = (
  label: string,
  description: string,
  audience: EmailAudience = 'everyone',
  defaultOn = true,
): EmailSetting => ({ label, description, policy: 'optional', defaultOn, audience });

/**
 * Keyed by type name (a string, so a type another part of the product adds can be described
 * here before or after it joins {@link NOTIFICATION_TYPES}).
 */
export const EMAIL_SETTINGS: Readonly<Record<string, EmailSetting>> = {
  payment_succeeded: receipt('Payment receipts', 'Each payment for a plan or a template.'),
  payment_failed: receipt('Failed payments', 'When a renewal could not be charged to your card.'),
  refund_processed: receipt('Refunds paid', 'When money is on its way back to you.'),
  payment_disputed: receipt(
    'Card disputes',
    'When your card issuer disputes one of your payments, and when it decides.',
  ),
  licence_issued: receipt('Licences issued', 'The licence certificate of each purchase.'),
  account_security: receipt(
    'Sign-in security',
    'When an admin changes how you sign in (your authenticator app turned off).',
  ),
  refund_decided: optional('Refund decisions', 'When an admin approves or rejects your request.'),
  dispute_opened: optional(
    'New disputes',
    'When a buyer opens a dispute about your template.',
    'sellers',
  ),
  dispute_updated: optional('Dispute updates', 'Each step of a dispute you are part of.'),
  seller_application_decided: optional(
    'Seller application',
    'When an admin decides on your application to sell.',
  ),
  mvp_approved: optional(
    'Template approved',
    'When a template or a new version goes live.',
    'sellers',
  ),
  mvp_rejected: optional(
    'Template rejected',
    'When a template or a new version is rejected.',
    'sellers',
  ),
  payout_initiated: optional('Payout started', 'When a monthly payout is on its way.', 'sellers'),
  payout_completed: optional('Payout sent', 'When a payout has reached your account.', 'sellers'),
  payout_failed: optional('Payout failed', 'When a payout could not be made.', 'sellers'),
  new_review: optional('New reviews', 'When a buyer reviews one of your templates.', 'sellers'),
  new_download: optional('Downloads', 'Each download of one of your templates.', 'sellers', false),
  upgrade_available: optional('Upgrades', 'When a template you deployed has a new version.'),
  security_finding: optional(
    'Security alerts',
    'When a vulnerability is found in a template you sell, downloaded or deployed (each template can be muted below).',
  ),
  security_fix: optional(
    'Security fixes',
    'When a new version fixes a vulnerability in a template you downloaded or deployed.',
  ),
  contact_message: optional('Contact messages', 'New messages from the contact form.', 'admins'),
};

/** Why a receipt has no switch (shown next to the disabled switch). */
export const ALWAYS_SENT_REASON =
  'Always sent: receipts and security messages are records you may need later.';

/** "seller_application_decided" → "Seller application decided". */
const humanised = (type: string): string => {
  const words = type.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The e-mail setting of any type, described or not (see the module comment). */
export const emailSettingOf = (type: string): EmailSetting =>
  EMAIL_SETTINGS[type] ?? optional(humanised(type), 'Notifications of this kind.');

/** One row of Settings → Notifications. */
export interface NotificationPreference {
  type: NotificationType;
  label: string;
  description: string;
  /** Whether this type is e-mailed to the caller. */
  email: boolean;
  /** Who receives this kind (the page shows a buyer no seller or admin kinds). */
  audience: EmailAudience;
  /** A receipt: always e-mailed, the switch is shown disabled with `locked_reason`. */
  locked: boolean;
  locked_reason: string | null;
}

/** `GET` and `PUT /api/my/notification-preferences`. */
export interface NotificationPreferences {
  items: NotificationPreference[];
}

export const PREFERENCE_LOCKED_MESSAGE = 'Receipts and security messages cannot be turned off.';
export const PREFERENCES_LOAD_FAILED_MESSAGE = 'Failed to load your e-mail settings.';
export const PREFERENCES_UPDATE_FAILED_MESSAGE = 'Your e-mail settings could not be saved.';

/** `PUT /api/my/notification-preferences`: the switches that change (others stay as they are). */
export const updateNotificationPreferencesSchema = z.object({
  preferences: z
    .array(
      z.object({
        type: z.enum(NOTIFICATION_TYPES, { message: 'Unknown kind of notification.' }),
        email: z.boolean({ message: 'email must be true or false.' }),
      }),
      { message: 'preferences must be a list.' },
    )
    .min(1, 'Choose at least one setting to change.')
    .max(NOTIFICATION_TYPES.length, 'Too many settings at once.'),
});
export type UpdateNotificationPreferences = z.output<typeof updateNotificationPreferencesSchema>;

export const EMAIL_UNSUBSCRIBE_INVALID_MESSAGE = 'This unsubscribe link is invalid or has expired.';

/** `POST /api/notifications/unsubscribe`: the token in the body or (one-click, RFC 8058) the query. */
export const emailUnsubscribeRequestSchema = z.object({
  token: z
    .string({ message: EMAIL_UNSUBSCRIBE_INVALID_MESSAGE })
    .trim()
    .min(1, EMAIL_UNSUBSCRIBE_INVALID_MESSAGE)
    .max(2048, EMAIL_UNSUBSCRIBE_INVALID_MESSAGE),
});
export type EmailUnsubscribeRequest = z.output<typeof emailUnsubscribeRequestSchema>;

export interface EmailUnsubscribeResult {
  type: NotificationType;
  label: string;
  message: string;
}

export const emailUnsubscribedMessage = (label: string) =>
  `You will no longer receive e-mails about: ${label}. You can turn them back on in Settings → Notifications.`;
