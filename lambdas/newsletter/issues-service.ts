/**
 * The admin's newsletter issues: compose a draft, send it (draft → sending once, then the
 * newsletter-send state machine), follow its progress, and send one that did not reach everyone
 * again to those it did not reach. Every write is audited in the same transaction as the change.
 */
import { ulid } from 'ulid';
import { auditWrite } from '../shared/audit';
import { startWorkflow } from '../shared/adapters/workflow';
import type { AuthContext } from '../shared/auth/claims';
import {
  NEWSLETTER_ISSUE_MISSING_MESSAGE,
  NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE,
  NEWSLETTER_ISSUE_NOTHING_TO_RESEND_MESSAGE,
  NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE,
  canResendIssue,
  type AdminNewsletterIssue,
  type AdminNewsletterIssueDetail,
  type AdminNewsletterIssueList,
  type NewsletterIssueCreate,
} from '../../contract/newsletter-issues';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import {
  commitIssueWithAudit,
  createIssueWrite,
  getIssue,
  listIssues,
  requeueUndelivered,
  revertResend,
  revertToDraft,
  startResendingWrite,
  startSendingWrite,
  undeliveredCount,
  type NewsletterIssueItem,
} from './issues-repo';
import { getNewsletterType, listNewsletterTypes } from './repo';
import { recipientsOf } from './sending';

export const ISSUE_LIST_LIMIT = 100;

type Admin = Pick<AuthContext, 'userId' | 'email'>;
const actorOf = (admin: Admin) => ({ userId: admin.userId, email: admin.email });

const toAdminIssue = (
  item: NewsletterIssueItem,
  typeNames: ReadonlyMap<string, string>,
): AdminNewsletterIssue => ({
  id: item.id,
  newsletter_type_id: item.newsletter_type_id,
  newsletter_type_name: typeNames.get(item.newsletter_type_id) ?? null,
  subject: item.subject,
  body: item.body,
  status: item.status,
  recipients: item.recipients ?? null,
  sent: item.sent_count,
  failed: item.failed_count,
  created_at: item.created_at,
  sending_started_at: item.sending_started_at ?? null,
  sent_at: item.sent_at ?? null,
});

const typeNames = async () =>
  new Map((await listNewsletterTypes()).map((type) => [type.id, type.name]));

const requireIssue = async (id: string): Promise<NewsletterIssueItem> => {
  const item = await getIssue(id);
  if (!item) throw new NotFoundError(NEWSLETTER_ISSUE_MISSING_MESSAGE);
  return item;
};

/** The newest issues first. */
export const adminListIssues = async (): Promise<AdminNewsletterIssueList> => {
  const [items, names] = await Promise.all([listIssues(ISSUE_LIST_LIMIT), typeNames()]);
  return { items: items.map((item) => toAdminIssue(item, names)) };
};

/**
 * One issue; a draft also says how many addresses a send would reach now, an issue that can be
 * sent again how many it did not reach.
 */
export const adminGetIssue = async (id: string): Promise<AdminNewsletterIssueDetail> => {
  const [item, names] = await Promise.all([requireIssue(id), typeNames()]);
  const issue = toAdminIssue(item, names);
  const audience =
    item.status === 'draft'
      ? (await recipientsOf(item.newsletter_type_id)).length
      : canResendIssue(issue)
        ? await undeliveredCount(id)
        : null;
  return { ...issue, audience };
};

/** A draft for an active type. */
export const adminCreateIssue = async (
  admin: Admin,
  input: NewsletterIssueCreate,
): Promise<AdminNewsletterIssue> => {
  const type = await getNewsletterType(input.newsletter_type_id);
  if (!type || !type.is_active) throw new ValidationError(NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE);
  const now = new Date().toISOString();
  const item: NewsletterIssueItem = {
    id: ulid(),
    newsletter_type_id: type.id,
    subject: input.subject,
    body: input.body,
    status: 'draft',
    sent_count: 0,
    failed_count: 0,
    created_by: admin.userId,
    created_at: now,
    updated_at: now,
  };
  const written = await commitIssueWithAudit(
    createIssueWrite(item),
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_issue.create',
      target: { type: 'newsletter_issue', id: item.id, name: item.subject },
      after: { newsletter_type: type.name, subject: item.subject },
      now,
    }),
  );
  if (!written) throw new ConflictError('This newsletter issue exists already.');
  logger.info('Newsletter issue created', { issueId: item.id });
  return toAdminIssue(item, new Map([[type.id, type.name]]));
};

/**
 * Sends a draft: draft → sending in one conditional write (a double click sends once) with its
 * audit entry, then the state machine starts. If it cannot be started the issue is a draft again.
 */
export const adminSendIssue = async (admin: Admin, id: string): Promise<AdminNewsletterIssue> => {
  const current = await requireIssue(id);
  if (current.status !== 'draft') {
    const names = await typeNames();
    if (!canResendIssue(toAdminIssue(current, names))) {
      throw new ConflictError(NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE);
    }
    return resendIssue(
      admin,
      current as NewsletterIssueItem & { status: 'sent' | 'failed' },
      names,
    );
  }
  const type = await getNewsletterType(current.newsletter_type_id);
  if (!type || !type.is_active) throw new ValidationError(NEWSLETTER_ISSUE_TYPE_MISSING_MESSAGE);
  const now = new Date().toISOString();
  const written = await commitIssueWithAudit(
    startSendingWrite(id, now),
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_issue.send',
      target: { type: 'newsletter_issue', id, name: current.subject },
      before: { status: 'draft' },
      after: { status: 'sending', newsletter_type: type.name },
      now,
    }),
  );
  if (!written) throw new ConflictError(NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE);
  try {
    await startWorkflow('newsletter-send', { issue_id: id }, `issue-${id}`);
  } catch (error) {
    await revertToDraft(id, new Date().toISOString());
    throw error;
  }
  logger.info('Newsletter issue sending', { issueId: id });
  return toAdminIssue(
    { ...current, status: 'sending', sending_started_at: now, updated_at: now },
    new Map([[type.id, type.name]]),
  );
};

/**
 * Sends an issue that did not reach everyone (an e-mail service outage) again, to the addresses it
 * did not reach only: its failed recipients go back to pending, the issue sent|failed → sending in
 * one conditional write with its audit entry, and the state machine runs again on the same
 * snapshot, sending only what is pending. Those who have it never get it twice.
 */
const resendIssue = async (
  admin: Admin,
  current: NewsletterIssueItem & { status: 'sent' | 'failed' },
  names: ReadonlyMap<string, string>,
): Promise<AdminNewsletterIssue> => {
  const { id } = current;
  const now = new Date().toISOString();
  const undelivered = await requeueUndelivered(id, now);
  if (undelivered === 0) throw new ConflictError(NEWSLETTER_ISSUE_NOTHING_TO_RESEND_MESSAGE);
  const written = await commitIssueWithAudit(
    startResendingWrite(id, current.status, now),
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_issue.send',
      target: { type: 'newsletter_issue', id, name: current.subject },
      before: { status: current.status, sent: current.sent_count },
      after: { status: 'sending', to: undelivered },
      now,
    }),
  );
  if (!written) throw new ConflictError(NEWSLETTER_ISSUE_NOT_DRAFT_MESSAGE);
  try {
    // One execution per send: the first one's name is taken.
    await startWorkflow('newsletter-send', { issue_id: id }, `issue-${id}-again-${Date.now()}`);
  } catch (error) {
    await revertResend(id, current.status, new Date().toISOString());
    throw error;
  }
  logger.info('Newsletter issue sending again', { issueId: id, recipients: undelivered });
  return toAdminIssue({ ...current, status: 'sending', failed_count: 0, updated_at: now }, names);
};
