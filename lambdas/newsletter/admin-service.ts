/**
 * The admin newsletter tab's types (seller-and-admin spec §2): list, create, edit and delete, each
 * write audited in its own transaction. `site_updates`, the type of the settings toggle, cannot be
 * deleted.
 */
import { ulid } from 'ulid';
import { auditWrite } from '../audit/service';
import type { AuthContext } from '../shared/auth/claims';
import {
  NEWSLETTER_TYPE_MISSING_MESSAGE,
  NEWSLETTER_TYPE_PROTECTED_MESSAGE,
  type AdminNewsletterType,
  type AdminNewsletterTypeList,
  type NewsletterTypeCreate,
  type NewsletterTypeDeleted,
  type NewsletterTypeUpdate,
} from '../shared/contracts/admin-newsletter';
import { SITE_UPDATES_NEWSLETTER_ID } from '../shared/contracts/newsletter';
import { NewsletterTypeEntity } from '../shared/db/entities/newsletter-type';
import { ConflictError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import {
  commitNewsletterTypeWithAudit,
  getNewsletterType,
  listNewsletterTypes,
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
  const written = await commitNewsletterTypeWithAudit(
    NewsletterTypeEntity.create(item),
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_type.create',
      target: { type: 'newsletter_type', id: item.id },
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
  const written = await commitNewsletterTypeWithAudit(
    NewsletterTypeEntity.patch({ id })
      .set({ name: next.name, is_active: next.is_active, updated_at: now })
      .set(next.description === undefined ? {} : { description: next.description })
      .remove(next.description === undefined ? ['description'] : [])
      .where((attr, op) => op.eq(attr.updated_at, current.updated_at)),
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_type.update',
      target: { type: 'newsletter_type', id },
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
  const written = await commitNewsletterTypeWithAudit(
    NewsletterTypeEntity.delete({ id }).where((attr, op) => op.exists(attr.id)),
    auditWrite({
      actor: actorOf(admin),
      action: 'newsletter_type.delete',
      target: { type: 'newsletter_type', id },
      before: snapshot(current),
      now: new Date().toISOString(),
    }),
  );
  if (!written) throw new NotFoundError(NEWSLETTER_TYPE_MISSING_MESSAGE);
  logger.info('Newsletter type deleted', { newsletterTypeId: id });
  return { id, deleted: true };
};
