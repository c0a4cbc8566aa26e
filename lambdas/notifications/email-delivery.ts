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
import { emailSettingOf } from '../../contract/notification-preferences';
import { logger } from '../shared/observability';
import { getProfile } from '../profiles/service';
import { emailTokens } from './email-tokens';
import { notificationMail } from './email-templates';
import { isEmailWanted } from './preferences';
import {
  claimOutboxEntry,
  deferOutboxEntry,
  deleteOutboxEntry,
  listDueOutbox,
  type EmailOutboxItem,
} from './repo';

/** Entries looked at per run; a run sends them one after the other. */
export const OUTBOX_BATCH = 50;
/** Entries a request sends after its own notifying transaction (`sendQueuedEmails`). */
export const SOON_BATCH = 5;
/** How long a claimed entry is held by its sender (far more than one send takes). */
export const LEASE_MS = 2 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/**
 * Failed sends after which an entry is given up (about 9 hours of retries): an address SES keeps
 * refusing must not be tried for the whole week the entry would otherwise live.
 */
export const MAX_ATTEMPTS = 12;

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

/**
 * The e-mail of one entry, or `null` when nothing is to be sent: nobody to send it to (no
 * profile, or a throwaway beta account) or the kind switched off by the user.
 */
const mailOf = async (entry: EmailOutboxItem): Promise<OutgoingMail | null> => {
  const [profile, wanted] = await Promise.all([
    getProfile(entry.user_id),
    isEmailWanted(entry.user_id, entry.type),
  ]);
  if (!wanted || !profile?.email || profile.beta_expires_at) return null;
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

/**
 * Renders, sends and clears one entry this sender holds (see the module comment); a failure
 * keeps it for a later attempt.
 */
const deliverHeld = async (entry: EmailOutboxItem, send: Send): Promise<DeliveryOutcome> => {
  try {
    const mail = await mailOf(entry);
    if (mail) await send(mail);
    await deleteOutboxEntry(entry.id);
    return mail ? 'sent' : 'skipped';
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (entry.attempts + 1 >= MAX_ATTEMPTS) {
      await deleteOutboxEntry(entry.id);
      logger.error('Notification e-mail given up after repeated failures', {
        id: entry.id,
        type: entry.type,
        attempts: entry.attempts + 1,
        error: message,
      });
      return 'failed';
    }
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

/** Claims one entry, then delivers it; `busy` when another sender holds it or it is gone. */
const deliver = async (entry: EmailOutboxItem, send: Send): Promise<DeliveryOutcome> => {
  const now = new Date();
  const claimed = await claimOutboxEntry(
    entry.id,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
  );
  return claimed ? deliverHeld(entry, send) : 'busy';
};

/** Sends every due entry of one batch; the schedule's task. */
export const deliverPendingEmails = async (
  options: { send?: Send; limit?: number } = {},
): Promise<DeliveryReport> => {
  const send = options.send ?? sendMail;
  const report: DeliveryReport = { sent: 0, skipped: 0, failed: 0 };
  const entries = await listDueOutbox(new Date().toISOString(), options.limit ?? OUTBOX_BATCH);
  for (const entry of entries) {
    const outcome = await deliver(entry, send);
    if (outcome !== 'busy') report[outcome] += 1;
  }
  if (entries.length > 0) logger.info('Notification e-mails delivered', { ...report });
  return report;
};

/**
 * The e-mail of the notification just written, at once. Its outbox entry was written already
 * held by this sender (`leased_until`), so no claim is needed and the schedule leaves it alone
 * meanwhile. Best effort: a failure is logged and left to the schedule (the entry stays).
 */
export const deliverEmailSoon = async (
  entry: EmailOutboxItem,
  send: Send = sendMail,
): Promise<void> => {
  const { id } = entry;
  try {
    await deliverHeld(entry, send);
  } catch (error) {
    logger.warn('Immediate notification e-mail failed; the schedule will send it', {
      id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
};
