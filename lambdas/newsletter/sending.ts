/**
 * Sending an issue: the rules behind the three tasks of the newsletter-send state machine
 * (state-machines/newsletter-send.asl.json).
 *
 * 1. PrepareRecipients snapshots the type's recipients into one item per address, in batches of
 *    {@link BATCH_SIZE}, once per issue (a retried Prepare returns the same batches).
 * 2. The Map sends the batches, {@link SEND_CONCURRENCY} at a time; SendBatch claims each pending
 *    address (pending → sending, conditional), sends, and records sent/failed with the issue's
 *    counter in one transaction. A retried batch sees only the still-pending addresses, so nobody
 *    gets a message twice. Each batch paces itself to its share of the SES send rate; a throttled
 *    send gives its address back and fails the batch with `MailThrottled`, which the Map retries;
 *    an SES that does not answer (ThirdPartyUnavailableError) gives it back too and fails the batch.
 * 3. Finish counts the recipients' outcomes and closes the issue.
 *
 * Recipients of a type: its active user subscriptions (L6) whose address has not unsubscribed
 * from everything since, and, for `site_updates`, the confirmed anonymous subscribers who have not
 * unsubscribed (L8). Never an unconfirmed sign-up. One message per address.
 */
import { MailThrottledError, sendMail } from '../shared/adapters/mailer';
import { config } from '../shared/config';
import { ThirdPartyUnavailableError } from '../shared/errors';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../contract/newsletter';
import type { NewsletterRecipientItem } from '../shared/db/entities/newsletter-recipient';
import { logger } from '../shared/observability';
import {
  activeUserSubscriptions,
  claimRecipient,
  confirmedSubscribers,
  finishIssue,
  getIssue,
  markPrepared,
  pendingRecipientsOfBatch,
  putRecipients,
  recipientStatuses,
  recordOutcome,
  releaseRecipient,
  subscribersOf,
} from './issues-repo';
import { issueMail } from './mail';
import { getNewsletterType } from './repo';
import { newsletterTokens } from './tokens';

export const BATCH_SIZE = 50;
/** The Map state's MaxConcurrency (the ASL's value; a test keeps the two equal). */
export const SEND_CONCURRENCY = 2;

export interface Recipient {
  email: string;
  userId?: string;
}

/** The addresses an issue of `newsletterTypeId` goes to, sorted, each once. */
export const recipientsOf = async (newsletterTypeId: string): Promise<Recipient[]> => {
  const [subscriptions, anonymous] = await Promise.all([
    activeUserSubscriptions(newsletterTypeId),
    newsletterTypeId === SITE_UPDATES_NEWSLETTER_ID ? confirmedSubscribers() : Promise.resolve([]),
  ]);
  // An address that unsubscribed (from the settings page or a link) after its subscription was
  // last switched on is out, whatever the subscription item says.
  const marks = new Map(
    (await subscribersOf([...new Set(subscriptions.map((s) => s.email.toLowerCase()))])).map(
      (subscriber) => [subscriber.email, subscriber.unsubscribed_at],
    ),
  );
  const byEmail = new Map<string, Recipient>();
  for (const subscription of subscriptions) {
    const email = subscription.email.toLowerCase();
    const unsubscribedAt = marks.get(email);
    if (unsubscribedAt && unsubscribedAt > subscription.last_modified_at) continue;
    byEmail.set(email, { email, userId: subscription.user_id });
  }
  for (const subscriber of anonymous) {
    if (!byEmail.has(subscriber.email)) byEmail.set(subscriber.email, { email: subscriber.email });
  }
  return [...byEmail.values()].sort((a, b) => (a.email < b.email ? -1 : 1));
};

export interface PreparedIssue {
  issue_id: string;
  recipients: number;
  batches: number[];
}

const batchNumbers = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Task 1: the recipient snapshot, written once per issue. */
export const prepareRecipients = async (issueId: string): Promise<PreparedIssue> => {
  const issue = await getIssue(issueId);
  if (!issue) throw new Error(`Newsletter issue ${issueId} does not exist`);
  if (issue.status !== 'sending') {
    return { issue_id: issueId, recipients: issue.recipients ?? 0, batches: [] };
  }
  if (issue.batch_count !== undefined) {
    return {
      issue_id: issueId,
      recipients: issue.recipients ?? 0,
      batches: batchNumbers(issue.batch_count),
    };
  }
  const recipients = await recipientsOf(issue.newsletter_type_id);
  const now = new Date().toISOString();
  const items: NewsletterRecipientItem[] = recipients.map((recipient, index) => ({
    issue_id: issueId,
    email: recipient.email,
    batch: Math.floor(index / BATCH_SIZE),
    status: 'pending',
    ...(recipient.userId && { user_id: recipient.userId }),
    updated_at: now,
  }));
  // Puts (not creates): nothing is sent before the snapshot is marked, so a Prepare retried
  // after a partial write only rewrites pending items, one per address.
  await putRecipients(items);
  const batchCount = Math.ceil(items.length / BATCH_SIZE);
  await markPrepared(issueId, items.length, batchCount, now);
  logger.info('Newsletter recipients prepared', {
    issueId,
    recipients: items.length,
    batches: batchCount,
  });
  return { issue_id: issueId, recipients: items.length, batches: batchNumbers(batchCount) };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The links of one recipient's message. */
export const unsubscribeLinks = (siteUrl: string, token: string) => {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${siteUrl}/newsletter/unsubscribe?${query}`,
    oneClick: `${siteUrl}/api/newsletter/unsubscribe?${query}`,
  };
};

export interface BatchResult {
  issue_id: string;
  batch: number;
  sent: number;
  failed: number;
}

/** Task 2: one batch; safe to run again (only pending addresses are sent). */
export const sendBatch = async (issueId: string, batch: number): Promise<BatchResult> => {
  const result: BatchResult = { issue_id: issueId, batch, sent: 0, failed: 0 };
  const issue = await getIssue(issueId);
  if (!issue || issue.status !== 'sending') return result;
  const pending = await pendingRecipientsOfBatch(issueId, batch);
  if (pending.length === 0) return result;
  const settings = config();
  const type = await getNewsletterType(issue.newsletter_type_id);
  const newsletterName = type?.name ?? 'our newsletter';
  const tokens = await newsletterTokens();
  // This batch's share of the account's rate: the Map runs SEND_CONCURRENCY batches at once.
  const intervalMs = Math.ceil((1000 * SEND_CONCURRENCY) / settings.MAIL_SEND_RATE);
  let last = 0;
  for (const recipient of pending) {
    const now = () => new Date().toISOString();
    if (!(await claimRecipient(issueId, recipient.email, now()))) continue;
    const wait = last + intervalMs - Date.now();
    if (wait > 0) await sleep(wait);
    last = Date.now();
    const token = tokens.signUnsubscribe({
      email: recipient.email,
      newsletterTypeId: issue.newsletter_type_id,
      ...(recipient.user_id && { userId: recipient.user_id }),
    });
    const links = unsubscribeLinks(settings.SITE_URL, token);
    let outcome: Parameters<typeof recordOutcome>[0]['outcome'];
    try {
      const messageId = await sendMail(
        issueMail({
          to: recipient.email,
          subject: issue.subject,
          body: issue.body,
          newsletterName,
          unsubscribePageUrl: links.page,
          oneClickUrl: links.oneClick,
        }),
      );
      outcome = { status: 'sent', messageId };
      result.sent += 1;
    } catch (error) {
      // SES throttled us or did not answer: the address goes back to pending and the batch
      // fails, for the state machine to retry (then a resend of the issue) with only the
      // addresses still pending.
      if (error instanceof MailThrottledError || error instanceof ThirdPartyUnavailableError) {
        await releaseRecipient(issueId, recipient.email, now());
        throw error;
      }
      // A refused address (bad syntax, suppressed) must not stop the others.
      outcome = { status: 'failed', error: (error as Error).name || 'Error' };
      result.failed += 1;
      logger.warn('Newsletter message not sent', { issueId, error: outcome.error });
    }
    await recordOutcome({ issueId, email: recipient.email, outcome, now: now() });
  }
  logger.info('Newsletter batch sent', { ...result });
  return result;
};

/** Task 3: the final counts from the recipients themselves; `failed` when Prepare failed. */
export const finishIssueSending = async (
  issueId: string,
  options: { prepareFailed?: boolean } = {},
) => {
  const statuses = await recipientStatuses(issueId);
  const sent = statuses.filter((r) => r.status === 'sent').length;
  // Still pending or cut off while sending: not delivered by this run.
  const failed = statuses.length - sent - statuses.filter((r) => r.status === 'skipped').length;
  const status = options.prepareFailed || (sent === 0 && failed > 0) ? 'failed' : 'sent';
  await finishIssue({
    id: issueId,
    status,
    sent,
    failed,
    recipients: statuses.length,
    now: new Date().toISOString(),
  });
  logger.info('Newsletter issue finished', { issueId, status, sent, failed });
  return { issue_id: issueId, status, sent, failed, recipients: statuses.length };
};
