/**
 * Newsletter issues and their recipients: data access, one function per access pattern
 * (docs/data-model.md, section 3.14, L11–L16).
 */
import {
  NewsletterIssueEntity,
  type NewsletterIssueItem,
} from '../shared/db/entities/newsletter-issue';
import {
  NewsletterRecipientEntity,
  type NewsletterRecipientItem,
} from '../shared/db/entities/newsletter-recipient';
import { NewsletterSubscriberEntity } from '../shared/db/entities/newsletter-subscriber';
import { UserNewsletterSubscriptionEntity } from '../shared/db/entities/user-newsletter-subscription';
import { isConditionFailure, writtenUnlessRefused } from '../shared/db/entity';
import { transactWrite, type TransactionWrite } from '../shared/db/transaction';

export type { NewsletterIssueItem, NewsletterRecipientItem };

/** L11: one issue (strongly consistent: progress follows the sender's writes). */
export const getIssue = async (id: string): Promise<NewsletterIssueItem | null> => {
  const { data } = await NewsletterIssueEntity.get({ id }).go({ consistent: true });
  return data;
};

/** L12: the newest issues first. */
export const listIssues = async (limit: number): Promise<NewsletterIssueItem[]> => {
  const { data } = await NewsletterIssueEntity.query.byCreatedAt({}).go({ order: 'desc', limit });
  return data;
};

/**
 * An admin write of an issue with its audit entry; `false` when the issue's condition failed
 * (it exists already, or is no longer a draft).
 */
export const commitIssueWithAudit = async (
  issue: TransactionWrite,
  audit: TransactionWrite,
): Promise<boolean> => {
  const result = await transactWrite({ issue, audit });
  if (!result.canceled) return true;
  if (result.failed('issue') === 'ConditionalCheckFailed') return false;
  throw new Error(`Newsletter issue was not written: ${JSON.stringify(result.codes)}`);
};

export const createIssueWrite = (item: NewsletterIssueItem) => NewsletterIssueEntity.create(item);

/** L13: draft → sending, only from draft (a double click sends once). */
export const startSendingWrite = (id: string, now: string) =>
  NewsletterIssueEntity.patch({ id })
    .set({ status: 'sending', sending_started_at: now, updated_at: now })
    .where((attr, op) => op.eq(attr.status, 'draft'));

/** Back to draft when the state machine could not be started (nothing was sent). */
export const revertToDraft = async (id: string, now: string): Promise<void> => {
  await NewsletterIssueEntity.patch({ id })
    .set({ status: 'draft', updated_at: now })
    .remove(['sending_started_at'])
    .where((attr, op) => op.eq(attr.status, 'sending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/** L6: the addresses of a type's active user subscriptions (with their user and when set). */
export const activeUserSubscriptions = async (newsletterTypeId: string) => {
  const { data } = await UserNewsletterSubscriptionEntity.query
    .byType({ newsletter_type_id: newsletterTypeId })
    .where((attr, op) => op.eq(attr.status, 'active'))
    .go({ pages: 'all' });
  return data;
};

/** L8 filtered: anonymous subscribers who confirmed and have not unsubscribed. */
export const confirmedSubscribers = async () => {
  const { data } = await NewsletterSubscriberEntity.query
    .bySubscribedAt({})
    .where(
      (attr, op) => `${op.exists(attr.confirmed_at)} AND ${op.notExists(attr.unsubscribed_at)}`,
    )
    .go({ pages: 'all' });
  return data;
};

/** L7 in bulk: the subscriber records of many addresses (their unsubscribe marks). */
export const subscribersOf = async (emails: readonly string[]) => {
  if (emails.length === 0) return [];
  return NewsletterSubscriberEntity.batchGetAll(
    emails.map((email) => ({ email })),
    { attributes: ['email', 'unsubscribed_at'] },
  );
};

/** L16: the recipient snapshot (before any is sent: PrepareRecipients runs once per issue). */
export const putRecipients = (items: readonly NewsletterRecipientItem[]): Promise<void> =>
  NewsletterRecipientEntity.batchPut(items);

/** Records the snapshot's size on the issue; from then on it is fixed. */
export const markPrepared = async (
  id: string,
  recipients: number,
  batchCount: number,
  now: string,
): Promise<void> => {
  await NewsletterIssueEntity.patch({ id })
    .set({ recipients, batch_count: batchCount, updated_at: now })
    .go();
};

/** L15: the addresses of one batch still to send. */
export const pendingRecipientsOfBatch = async (issueId: string, batch: number) => {
  const { data } = await NewsletterRecipientEntity.query
    .byBatch({ issue_id: issueId, batch })
    .where((attr, op) => op.eq(attr.status, 'pending'))
    .go({ pages: 'all' });
  return data;
};

/** Claims one recipient for sending (pending → sending); `false` when another attempt has it. */
export const claimRecipient = async (
  issueId: string,
  email: string,
  now: string,
): Promise<boolean> => {
  return writtenUnlessRefused(
    NewsletterRecipientEntity.patch({ issue_id: issueId, email })
      .set({ status: 'sending', updated_at: now })
      .where((attr, op) => op.eq(attr.status, 'pending')),
  );
};

/** Gives a claimed recipient back (SES throttled before it took the message). */
export const releaseRecipient = async (issueId: string, email: string, now: string) => {
  await NewsletterRecipientEntity.patch({ issue_id: issueId, email })
    .set({ status: 'pending', updated_at: now })
    .where((attr, op) => op.eq(attr.status, 'sending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/**
 * A claimed recipient's outcome and the issue's counter, in one transaction: the counts always
 * equal the recipients' statuses.
 */
export const recordOutcome = async (input: {
  issueId: string;
  email: string;
  outcome: { status: 'sent'; messageId: string } | { status: 'failed'; error: string };
  now: string;
}): Promise<void> => {
  const { outcome } = input;
  const result = await transactWrite({
    recipient: NewsletterRecipientEntity.patch({ issue_id: input.issueId, email: input.email })
      .set({
        status: outcome.status,
        updated_at: input.now,
        ...(outcome.status === 'sent'
          ? { message_id: outcome.messageId }
          : { error: outcome.error }),
      })
      .where((attr, op) => op.eq(attr.status, 'sending')),
    issue: NewsletterIssueEntity.patch({ id: input.issueId })
      .add(outcome.status === 'sent' ? { sent_count: 1 } : { failed_count: 1 })
      .set({ updated_at: input.now }),
  });
  if (result.canceled && result.failed('recipient') !== 'ConditionalCheckFailed') {
    throw new Error(`Recipient outcome was not written: ${JSON.stringify(result.codes)}`);
  }
};

/** Marks a pending recipient skipped (unsubscribed after the snapshot). */
export const skipRecipient = async (issueId: string, email: string, now: string) => {
  await NewsletterRecipientEntity.patch({ issue_id: issueId, email })
    .set({ status: 'skipped', updated_at: now })
    .where((attr, op) => op.eq(attr.status, 'pending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/** L14: every recipient of an issue (status only), for the final counts. */
export const recipientStatuses = async (issueId: string) => {
  const { data } = await NewsletterRecipientEntity.query
    .byIssue({ issue_id: issueId })
    .go({ pages: 'all', consistent: true, attributes: ['email', 'status'] });
  return data;
};

/** The issue's end: status and the final counts from its recipients. */
export const finishIssue = async (input: {
  id: string;
  status: 'sent' | 'failed';
  sent: number;
  failed: number;
  recipients: number;
  now: string;
}): Promise<void> => {
  await NewsletterIssueEntity.patch({ id: input.id })
    .set({
      status: input.status,
      sent_count: input.sent,
      failed_count: input.failed,
      recipients: input.recipients,
      sent_at: input.now,
      updated_at: input.now,
    })
    .where((attr, op) => op.eq(attr.status, 'sending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/**
 * Before an issue is sent again: its failed recipients go back to pending (conditional, so a
 * recipient sent meanwhile stays sent); returns how many are pending now, i.e. how many the send
 * will try. Sent and skipped recipients are left alone (no one gets an issue twice), and so is one
 * still `sending`, whose message may have left.
 */
export const requeueUndelivered = async (issueId: string, now: string): Promise<number> => {
  const statuses = await recipientStatuses(issueId);
  for (const recipient of statuses.filter((item) => item.status === 'failed')) {
    await NewsletterRecipientEntity.patch({ issue_id: issueId, email: recipient.email })
      .set({ status: 'pending', updated_at: now })
      .remove(['error'])
      .where((attr, op) => op.eq(attr.status, 'failed'))
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
  return statuses.filter((item) => item.status === 'failed' || item.status === 'pending').length;
};

/** How many recipients an issue did not reach and a new send would try (failed or pending). */
export const undeliveredCount = async (issueId: string): Promise<number> =>
  (await recipientStatuses(issueId)).filter(
    (item) => item.status === 'failed' || item.status === 'pending',
  ).length;

/** An issue that did not reach everyone → sending again, only from the status it was read in. */
export const startResendingWrite = (id: string, from: 'sent' | 'failed', now: string) =>
  NewsletterIssueEntity.patch({ id })
    // The failures are counted again by this send (its progress: sent so far plus this send's).
    .set({ status: 'sending', failed_count: 0, updated_at: now })
    .where((attr, op) => op.eq(attr.status, from));

/** Back to where it was when the state machine could not be started (nothing was sent). */
export const revertResend = async (id: string, to: 'sent' | 'failed', now: string) => {
  await NewsletterIssueEntity.patch({ id })
    .set({ status: to, updated_at: now })
    .where((attr, op) => op.eq(attr.status, 'sending'))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};
