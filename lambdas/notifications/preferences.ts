/**
 * Which notifications a user also receives by e-mail: the switches of Settings → Notifications and
 * the one-click unsubscribe link of each optional e-mail. Receipts cannot be turned off (see
 * contract/notification-preferences.ts); only the exceptions to each type's
 * default are stored, one item per user (N11, N12).
 */
import {
  ALWAYS_SENT_REASON,
  EMAIL_UNSUBSCRIBE_INVALID_MESSAGE,
  PREFERENCE_LOCKED_MESSAGE,
  emailSettingOf,
  emailUnsubscribedMessage,
  type EmailUnsubscribeResult,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '../../contract/notification-preferences';
import { NOTIFICATION_TYPES, type NotificationType } from '../../contract/notifications';
import { ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { RETRY, retry } from '../shared/retry';
import { emailTokens } from './email-tokens';
import { getPreferences, savePreferences, type NotificationPreferenceItem } from './repo';

const MAX_CONFLICT_RETRIES = 3;

/** Whether `type` is e-mailed to the owner of `stored` (their switches, or the defaults). */
export const wantsEmail = (stored: NotificationPreferenceItem | null, type: string): boolean => {
  const setting = emailSettingOf(type);
  if (setting.policy === 'always') return true;
  if (stored?.email_off.includes(type)) return false;
  if (stored?.email_on.includes(type)) return true;
  return setting.defaultOn;
};

/** Whether one user receives `type` by e-mail (read at send time). */
export const isEmailWanted = async (userId: string, type: string): Promise<boolean> =>
  wantsEmail(await getPreferences(userId), type);

const toPreferences = (stored: NotificationPreferenceItem | null): NotificationPreferences => ({
  items: NOTIFICATION_TYPES.map((type) => {
    const setting = emailSettingOf(type);
    const locked = setting.policy === 'always';
    return {
      type,
      label: setting.label,
      description: setting.description,
      email: wantsEmail(stored, type),
      audience: setting.audience,
      locked,
      locked_reason: locked ? ALWAYS_SENT_REASON : null,
    };
  }),
});

/** The caller's switches, one per type, in the order of the types. */
export const getMyNotificationPreferences = async (
  userId: string,
): Promise<NotificationPreferences> => toPreferences(await getPreferences(userId));

/** The stored item after `changes`, keeping only the exceptions to each type's default. */
const applyChanges = (
  userId: string,
  stored: NotificationPreferenceItem | null,
  changes: readonly { type: string; email: boolean }[],
  now: string,
): NotificationPreferenceItem => {
  const off = new Set(stored?.email_off ?? []);
  const on = new Set(stored?.email_on ?? []);
  for (const change of changes) {
    off.delete(change.type);
    on.delete(change.type);
    const { defaultOn } = emailSettingOf(change.type);
    if (change.email !== defaultOn) (change.email ? on : off).add(change.type);
  }
  return { user_id: userId, email_off: [...off].sort(), email_on: [...on].sort(), updated_at: now };
};

/** Writes `changes` on top of what is stored, re-reading after a concurrent change. */
const changePreferences = async (
  userId: string,
  changes: readonly { type: string; email: boolean }[],
): Promise<NotificationPreferenceItem> =>
  retry(
    async () => {
      const stored = await getPreferences(userId);
      // A strictly later time than the stored one, so the next writer's condition tells them apart.
      let now = new Date().toISOString();
      if (stored && now <= stored.updated_at) {
        now = new Date(Date.parse(stored.updated_at) + 1).toISOString();
      }
      const next = applyChanges(userId, stored, changes, now);
      return (await savePreferences(next, stored)) ? next : RETRY;
    },
    {
      attempts: 1 + MAX_CONFLICT_RETRIES,
      baseDelayMs: 0,
      exhausted: 'Saving e-mail settings kept conflicting.',
    },
  );

/**
 * Changes some of the caller's switches. A receipt cannot be turned off: asking to is a 400 with
 * the reason, and nothing is saved.
 */
export const updateMyNotificationPreferences = async (
  userId: string,
  update: UpdateNotificationPreferences,
): Promise<NotificationPreferences> => {
  const locked = update.preferences.find(
    (change) => !change.email && emailSettingOf(change.type).policy === 'always',
  );
  if (locked) throw new ValidationError(PREFERENCE_LOCKED_MESSAGE);
  return toPreferences(await changePreferences(userId, update.preferences));
};

/**
 * An unsubscribe link (the page's button, or a mail client's one-click POST): turns off e-mails
 * of the token's type for the token's user. Idempotent. A receipt's type is refused like a bad
 * token: such a link is never sent, so the token was not made by us for this.
 */
export const unsubscribeFromEmail = async (token: string): Promise<EmailUnsubscribeResult> => {
  const claims = (await emailTokens()).verify(token);
  if (!claims || !(NOTIFICATION_TYPES as readonly string[]).includes(claims.type)) {
    throw new ValidationError(EMAIL_UNSUBSCRIBE_INVALID_MESSAGE);
  }
  const setting = emailSettingOf(claims.type);
  if (setting.policy === 'always') throw new ValidationError(EMAIL_UNSUBSCRIBE_INVALID_MESSAGE);
  await changePreferences(claims.userId, [{ type: claims.type, email: false }]);
  logger.info('E-mails turned off through a link', { type: claims.type });
  return {
    type: claims.type as NotificationType,
    label: setting.label,
    message: emailUnsubscribedMessage(setting.label),
  };
};
