/**
 * Sending the e-mails of notifications. Every notification is written with an outbox entry in the
 * same transaction (repo N1), so the domains that notify know nothing about e-mail; this module
 * empties the outbox.
 *
 * 1. Take the due entries, oldest first; claim each with a short lease (two senders, e.g. the
 *    request that notified and the schedule, never send the same entry at once).
 * 2. Look the recipient up at send time: the address and name from the profile, the switch from
 *    their preferences. No profile (or a throwaway beta account), or the type switched off: the
 *    entry is dropped and nothing is sent; the in-app notification stays either way.
 * 3. Render (email-templates.ts), with a signed one-click unsubscribe for optional types, and send
 *    through the SES mailer; then delete the entry. A failed send keeps the entry with a later
 *    `next_attempt_at` (1, 2, 4 … minutes, at most an hour), and the next run tries again.
 *
 * Runs from the `notificationEmails` schedule (every minute, the safety net) and, best effort,
 * right after `notifyUser` for the notification just written.
 */
import { sendMail, type OutgoingMail } from '../shared/adapters/mailer';
import { config } from '../shared/config';
import { emailSettingOf } from '../shared/contracts/notification-preferences';
import { logger } from '../shared/observability';
import { getProfile } from '../profiles/service';
import { emailTokens } from './email-tokens';
import { notificationMail } from './email-templates';
import { isEmailWanted } from './preferences';
import {
  claimOutboxEntry,
  deferOutboxEntry,
  deleteOutboxEntry,
  getOutboxEntry,
  listOutbox,
  type EmailOutboxItem,
} from './repo';

/** Entries looked at per run; a run sends them one after the other. */
export const OUTBOX_BATCH = 50;
/** How long a claimed entry is held by its sender (far more than one send takes). */
export const LEASE_MS = 2 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The wait before the next attempt after `attempts` failures: 1, 2, 4 … minutes, at most 1 h. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(MINUTE_MS * 2 ** Math.max(0, attempts), 60 * MINUTE_MS);

export type Send = (mail: OutgoingMail) => Promise<string>;

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'busy';

export interface DeliveryReport {
  sent: number;
  skipped: number;
  failed: number;
}

/** The links of an optional e-mail's unsubscribe (the page, and the RFC 8058 one-click POST). */
export const emailUnsubscribeLinks = (siteUrl: string, token: string) => {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    pageUrl: `${siteUrl}/notifications/unsubscribe?${query}`,
    oneClickUrl: `${siteUrl}/api/notifications/unsubscribe?${query}`,
  };
};

const isDue = (entry: EmailOutboxItem, now: string) =>
  (!entry.next_attempt_at || entry.next_attempt_at <= now) &&
  (!entry.leased_until || entry.leased_until < now);

/** The e-mail of one entry for its recipient, or `null` when nothing is to be sent. */
const mailOf = async (entry: EmailOutboxItem): Promise<OutgoingMail | null> => {
  const profile = await getProfile(entry.user_id);
  if (!profile?.email || profile.beta_expires_at) return null;
  if (!(await isEmailWanted(entry.user_id, entry.type))) return null;
  const { SITE_URL: siteUrl } = config();
  const optional = emailSettingOf(entry.type).policy === 'optional';
  const unsubscribe = optional
    ? emailUnsubscribeLinks(
        siteUrl,
        (await emailTokens()).sign({ userId: entry.user_id, type: entry.type }),
      )
    : undefined;
  return notificationMail({
    to: profile.email,
    type: entry.type,
    message: entry.message,
    link: entry.link,
    name: profile.display_name ?? profile.username ?? undefined,
    siteUrl,
    unsubscribe,
  });
};

/** Claims, renders, sends and clears one entry (see the module comment). */
const deliver = async (entry: EmailOutboxItem, send: Send): Promise<DeliveryOutcome> => {
  const now = new Date();
  const claimed = await claimOutboxEntry(
    entry.id,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
  );
  if (!claimed) return 'busy';
  try {
    const mail = await mailOf(entry);
    if (mail) await send(mail);
    await deleteOutboxEntry(entry.id);
    if (!mail) logger.info('Notification e-mail not wanted', { type: entry.type });
    return mail ? 'sent' : 'skipped';
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const next = new Date(Date.now() + retryDelayMs(entry.attempts)).toISOString();
    await deferOutboxEntry(entry.id, next, message);
    logger.warn('Notification e-mail failed; it will be retried', {
      id: entry.id,
      type: entry.type,
      attempts: entry.attempts + 1,
      error: message,
    });
    return 'failed';
  }
};

/** Sends every due entry of one batch; the schedule's task. */
export const deliverPendingEmails = async (
  options: { send?: Send; limit?: number } = {},
): Promise<DeliveryReport> => {
  const send = options.send ?? sendMail;
  const report: DeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  const now = new Date().toISOString();
  const entries = (await listOutbox(options.limit ?? OUTBOX_BATCH)).filter((entry) =>
    isDue(entry, now),
  );
  for (const entry of entries) {
    const outcome = await deliver(entry, send);
    if (outcome !== 'busy') report[outcome] += 1;
  }
  if (entries.length > 0) logger.info('Notification e-mails delivered', { ...report });
  return report;
};

/**
 * The e-mail of one notification just written, at once; best effort: any failure is logged and
 * left to the schedule (the entry stays in the outbox).
 */
export const deliverEmailSoon = async (id: string, send: Send = sendMail): Promise<void> => {
  try {
    const entry = await getOutboxEntry(id);
    if (entry && isDue(entry, new Date().toISOString())) await deliver(entry, send);
  } catch (error) {
    logger.warn('Immediate notification e-mail failed; the schedule will send it', {
      id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
