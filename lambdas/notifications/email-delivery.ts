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
 * right after `notifyUser` for the notification just written. The outbox is spread over shards
 * (partitions); a run reads the due entries of every shard, takes them in turn (oldest first
 * within a shard) and sends them a few at a time, paced to its share of the SES account's send
 * rate (`MAIL_SEND_RATE`) for at most RUN_SECONDS: so a run's budget follows the rate SES grants.
 */
import { MailThrottledError, sendMail, type OutgoingMail } from '../shared/adapters/mailer';
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
  OUTBOX_PARTITIONS,
  type EmailOutboxItem,
} from './repo';

/**
 * The share of the SES account's send rate (`MAIL_SEND_RATE`, messages a second) notification
 * e-mails take; the rest is left to the newsletter and the user pool's codes.
 */
export const NOTIFICATION_SEND_SHARE = 0.5;
/** How long one run starts sends for: well inside the task's one-minute timeout. */
export const RUN_SECONDS = 40;
/** Sends in flight at once in a run (each waits for its paced start). */
export const SEND_CONCURRENCY = 8;

/** Messages a second this sender may send: its share of the account's rate. */
export const notificationSendRate = (accountRate = config().MAIL_SEND_RATE): number =>
  accountRate * NOTIFICATION_SEND_SHARE;

/** Entries one run sends at most: its rate for RUN_SECONDS (14 a second: 280 a run, 403k a day). */
export const runBudget = (rate = notificationSendRate()): number =>
  Math.max(1, Math.floor(rate * RUN_SECONDS));
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

export type DeliveryOutcome = 'sent' | 'skipped' | 'failed' | 'busy' | 'throttled';

export interface DeliveryReport {
  sent: number;
  skipped: number;
  failed: number;
  /** Due entries left for the next run: SES throttled, or the run's time was up. */
  left: number;
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
    await deleteOutboxEntry(entry);
    return mail ? 'sent' : 'skipped';
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    if (error instanceof MailThrottledError) {
      // SES asks us to slow down: not the entry's fault, tried again in a minute, uncounted.
      const next = new Date(Date.now() + MINUTE_MS).toISOString();
      await deferOutboxEntry(entry, next, message, { counted: false });
      return 'throttled';
    }
    if (entry.attempts + 1 >= MAX_ATTEMPTS) {
      await deleteOutboxEntry(entry);
      logger.error('Notification e-mail given up after repeated failures', {
        id: entry.id,
        type: entry.type,
        attempts: entry.attempts + 1,
        error: message,
      });
      return 'failed';
    }
    const next = new Date(Date.now() + retryDelayMs(entry.attempts)).toISOString();
    await deferOutboxEntry(entry, next, message);
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
    entry,
    now.toISOString(),
    new Date(now.getTime() + LEASE_MS).toISOString(),
  );
  return claimed ? deliverHeld(entry, send) : 'busy';
};

/** The shards' lists taken in turn (each oldest first), so no shard waits for another. */
const interleave = <T>(lists: readonly (readonly T[])[]): T[] => {
  const all: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest; index += 1) {
    for (const list of lists) if (index < list.length) all.push(list[index]!);
  }
  return all;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the due entries of every shard, at most `limit` (default: the run's budget), paced to
 * `rate` messages a second (default: this sender's share of the account's), SEND_CONCURRENCY at
 * once, for at most RUN_SECONDS; the schedule's task. Each entry is claimed before it is sent, so
 * two runs (or a run and a request) never send one entry twice.
 */
export const deliverPendingEmails = async (
  options: { send?: Send; limit?: number; rate?: number } = {},
): Promise<DeliveryReport> => {
  const send = options.send ?? sendMail;
  const rate = options.rate ?? notificationSendRate();
  const limit = options.limit ?? runBudget(rate);
  const report: DeliveryReport = { sent: 0, skipped: 0, failed: 0, left: 0 };
  const now = new Date().toISOString();
  const lists = await Promise.all(
    OUTBOX_PARTITIONS.map((shard) => listDueOutbox(shard, now, limit)),
  );
  const entries = interleave(lists).slice(0, limit);
  const intervalMs = 1000 / rate;
  const deadline = Date.now() + RUN_SECONDS * 1000;
  let nextStart = Date.now();
  let next = 0;
  let throttled = false;
  const worker = async () => {
    while (next < entries.length && !throttled && Date.now() < deadline) {
      const entry = entries[next]!;
      next += 1;
      // Paced: the starts of all workers together keep to `rate`.
      const start = Math.max(nextStart, Date.now());
      nextStart = start + intervalMs;
      if (start > Date.now()) await sleep(start - Date.now());
      const outcome = await deliver(entry, send);
      if (outcome === 'throttled') throttled = true;
      else if (outcome !== 'busy') report[outcome] += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, entries.length) }, worker));
  report.left = entries.length - report.sent - report.skipped - report.failed;
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
