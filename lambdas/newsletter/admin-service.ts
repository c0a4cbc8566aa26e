/**
 * The admin newsletter tab: the types (list, create, edit and delete,
 * each write audited in its own transaction; `site_updates`, the type of the settings toggle,
 * cannot be deleted), the subscribers (paged, and exported as CSV, the export audited) and the
 * users' subscriptions per type (paged). Cursors are signed and bound to the admin and the list.
 */
import { ulid } from 'ulid';
import { auditWrite } from '../shared/audit';
import type { AuthContext } from '../shared/auth/claims';
import { getUserContacts } from '../profiles/admin-lookups';
import {
  NEWSLETTER_TYPE_MISSING_MESSAGE,
  SUBSCRIBERS_CSV_COLUMNS,
  SUBSCRIBERS_EXPORT_MAX_BYTES,
  SUBSCRIBERS_EXPORT_TOO_LARGE_MESSAGE,
  type AdminNewsletterSubscriber,
  type AdminNewsletterSubscriberPage,
  type AdminUserNewsletterSubscriptionPage,
  type NewsletterSubscriberStatus,
  NEWSLETTER_TYPE_PROTECTED_MESSAGE,
  type AdminNewsletterType,
  type AdminNewsletterTypeList,
  type NewsletterTypeCreate,
  type NewsletterTypeDeleted,
  type NewsletterTypeUpdate,
} from '../../contract/admin-newsletter';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../contract/newsletter';
import { ConflictError, NotFoundError, PayloadTooLargeError } from '../shared/errors';
import { csvRecord } from '../shared/http/csv';
import { openCursor, sealCursor } from '../shared/http/cursor';
import { logger } from '../shared/observability';
import {
  commitAudit,
  createNewsletterTypeWithAudit,
  deleteNewsletterTypeWithAudit,
  getNewsletterType,
  listNewsletterTypes,
  querySubscribers,
  querySubscriptionsOfType,
  updateNewsletterTypeWithAudit,
  type NewsletterSubscriberItem,
  type NewsletterTypeItem,
} from './repo';

const toAdminNewsletterType = (item: NewsletterTypeItem): AdminNewsletterType => ({
  id: item.id,
  name: item.name,
  description: item.description ?? null,
  is_active: item.is_active,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

/** What the audit log keeps of a type. */
const snapshot = (item: NewsletterTypeItem) => ({
  name: item.name,
  description: item.description ?? null,
  is_active: item.is_active,
});

type Admin = Pick<AuthContext, 'userId' | 'email'>;
const actorOf = (admin: Admin) => ({ userId: admin.userId, email: admin.email });

const requireType = async (id: string): Promise<NewsletterTypeItem> => {
  const item = await getNewsletterType(id);
  if (!item) throw new NotFoundError(NEWSLETTER_TYPE_MISSING_MESSAGE);
  return item;
};

/** Every type, by name. */
export const adminListNewsletterTypes = async (): Promise<AdminNewsletterTypeList> => {
  const items = await listNewsletterTypes();
  return {
    items: items
      .map(toAdminNewsletterType)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)),
  };
};

export const adminCreateNewsletterType = async (
  admin: Admin,
  input: NewsletterTypeCreate,
): Promise<AdminNewsletterType> => {
  const now = new Date().toISOString();
  const item: NewsletterTypeItem = {
    id: ulid(),
    name: input.name,
    ...(input.description && { description: input.description }),
    is_active: input.is_active,
    created_at: now,
    updated_at: now,
  };
  const written = await createNewsletterTypeWithAudit(
    item,
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_type.create',
      target: { type: 'newsletter_type', id: item.id, name: item.name },
      after: snapshot(item),
      now,
    }),
  );
  if (!written) throw new ConflictError('This newsletter type exists already.');
  logger.info('Newsletter type created', { newsletterTypeId: item.id });
  return toAdminNewsletterType(item);
};

export const adminUpdateNewsletterType = async (
  admin: Admin,
  id: string,
  input: NewsletterTypeUpdate,
): Promise<AdminNewsletterType> => {
  const current = await requireType(id);
  const now = new Date().toISOString();
  const next: NewsletterTypeItem = {
    ...current,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.is_active !== undefined && { is_active: input.is_active }),
    updated_at: now,
  };
  if (input.description !== undefined) {
    if (input.description) next.description = input.description;
    else delete next.description;
  }
  const written = await updateNewsletterTypeWithAudit(
    current,
    next,
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_type.update',
      target: { type: 'newsletter_type', id, name: current.name },
      before: snapshot(current),
      after: snapshot(next),
      now,
    }),
  );
  if (!written) {
    await requireType(id);
    throw new ConflictError('This newsletter type was changed meanwhile; please try again.');
  }
  logger.info('Newsletter type updated', { newsletterTypeId: id });
  return toAdminNewsletterType(next);
};

export const adminDeleteNewsletterType = async (
  admin: Admin,
  id: string,
): Promise<NewsletterTypeDeleted> => {
  if (id === SITE_UPDATES_NEWSLETTER_ID) throw new ConflictError(NEWSLETTER_TYPE_PROTECTED_MESSAGE);
  const current = await requireType(id);
  const written = await deleteNewsletterTypeWithAudit(
    id,
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_type.delete',
      target: { type: 'newsletter_type', id, name: current.name },
      before: snapshot(current),
      now: new Date().toISOString(),
    }),
  );
  if (!written) throw new NotFoundError(NEWSLETTER_TYPE_MISSING_MESSAGE);
  logger.info('Newsletter type deleted', { newsletterTypeId: id });
  return { id, deleted: true };
};

const toAdminSubscriber = (item: NewsletterSubscriberItem): AdminNewsletterSubscriber => ({
  email: item.email,
  source: item.source,
  subscribed_at: item.subscribed_at,
  unsubscribed_at: item.unsubscribed_at ?? null,
  last_modified_at: item.last_modified_at,
});

/** L8: the subscribers of a status, newest first; the cursor is bound to the admin and status. */
export const adminListSubscribers = async (
  admin: Admin,
  query: { status: NewsletterSubscriberStatus; limit: number; cursor?: string },
): Promise<AdminNewsletterSubscriberPage> => {
  const binding = `newsletter-subscribers|${admin.userId}|${query.status}`;
  const page = await querySubscribers({
    status: query.status,
    limit: query.limit,
    cursor: (await openCursor(query.cursor, binding)) ?? null,
  });
  return {
    items: page.items.map(toAdminSubscriber),
    cursor: await sealCursor(page.cursor, binding),
  };
};

/**
 * L6: who subscribed to one type (and who turned it off), latest change first, with the users'
 * names from their profiles (one batch read per page). An unknown type is 404.
 */
export const adminListTypeSubscriptions = async (
  admin: Admin,
  newsletterTypeId: string,
  query: { limit: number; cursor?: string },
): Promise<AdminUserNewsletterSubscriptionPage> => {
  const binding = `newsletter-subscriptions|${admin.userId}|${newsletterTypeId}`;
  const position = await openCursor(query.cursor, binding);
  await requireType(newsletterTypeId);
  const page = await querySubscriptionsOfType(newsletterTypeId, {
    limit: query.limit,
    cursor: position ?? null,
  });
  const contacts = await getUserContacts(page.items.map((item) => item.user_id));
  return {
    items: page.items.map((item) => {
      const contact = contacts.get(item.user_id);
      return {
        user_id: item.user_id,
        email: item.email,
        username: contact?.username ?? null,
        display_name: contact?.display_name ?? null,
        status: item.status,
        source: item.source,
        subscribed_at: item.subscribed_at,
        last_modified_at: item.last_modified_at,
      };
    }),
    cursor: await sealCursor(page.cursor, binding),
  };
};

/** Addresses read per query of the export. */
const EXPORT_PAGE_SIZE = 500;

export interface SubscriberExport {
  /** `subscribers-YYYY-MM-DD.csv` (UTC date of the export). */
  filename: string;
  /** The CSV: the header, then one record per address, newest first. */
  body: string;
  count: number;
}

/**
 * The subscribers of a status as CSV.
 *
 * 1. Read L8 page by page, encoding each address as it arrives (RFC 4180, formula guard); only
 *    the CSV text is kept, never the pages.
 * 2. Past SUBSCRIBERS_EXPORT_MAX_BYTES stop and refuse (413): a Lambda answer cannot be larger,
 *    and a cut-off file would look complete.
 * 3. Record who exported how many addresses in the audit log (bulk reading of personal data),
 *    before the file leaves; if that fails, no file leaves.
 */
export const adminExportSubscribers = async (
  admin: Admin,
  status: NewsletterSubscriberStatus,
  options: { now?: Date; maxBytes?: number } = {},
): Promise<SubscriberExport> => {
  const { now = new Date(), maxBytes = SUBSCRIBERS_EXPORT_MAX_BYTES } = options;
  const records = [csvRecord(SUBSCRIBERS_CSV_COLUMNS)];
  let bytes = Buffer.byteLength(records[0]!);
  let cursor: string | null = null;
  do {
    const page = await querySubscribers({ status, limit: EXPORT_PAGE_SIZE, cursor });
    for (const item of page.items) {
      const record = csvRecord([
        item.email,
        item.source,
        item.subscribed_at,
        item.unsubscribed_at,
        item.last_modified_at,
      ]);
      bytes += Buffer.byteLength(record);
      if (bytes > maxBytes) {
        throw new PayloadTooLargeError(SUBSCRIBERS_EXPORT_TOO_LARGE_MESSAGE);
      }
      records.push(record);
    }
    cursor = page.cursor;
  } while (cursor !== null);

  const count = records.length - 1;
  const at = now.toISOString();
  await commitAudit(
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_subscribers.export',
      target: { type: 'newsletter_subscribers', id: status },
      after: { status, count },
      now: at,
    }),
  );
  logger.info('Newsletter subscribers exported', { status, count });
  return { filename: `subscribers-${at.slice(0, 10)}.csv`, body: records.join(''), count };
};
