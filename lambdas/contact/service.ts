/**
 * Contact messages: the public `/contact` form stores a message and tells the
 * admins in-app; admins list them by status, newest first, and mark them handled (audited).
 */
import { ulid } from 'ulid';
import { auditWrite } from '../shared/audit';
import { notifyUser } from '../notifications/service';
import { listAdminIds } from '../profiles/admin-lookups';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  type ContactMessage,
  type ContactMessageInput,
  type ContactMessageListQuery,
  type ContactMessagePage,
  type ContactMessageSent,
} from '../../contract/contact';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../shared/errors';
import { clientKeyOf, hourlyWindow } from '../shared/http/client-rate-limit';
import { openCursor, sealCursor } from '../shared/http/cursor';
import { logger } from '../shared/observability';
import { readSecret } from '../shared/secrets';
import {
  createContactMessage,
  getContactMessage,
  markContactMessageHandled,
  queryContactMessages,
  takeContactAllowance,
  type ContactMessageItem,
} from './repo';

const toContactMessage = (item: ContactMessageItem): ContactMessage => ({
  id: item.id,
  name: item.name,
  email: item.email,
  subject: item.subject,
  message: item.message,
  user_id: item.user_id ?? null,
  status: item.status,
  created_at: item.created_at,
  handled_at: item.handled_at ?? null,
  handled_by: item.handled_by ?? null,
});

/** The bell's text for admins: who and about what, never the message itself. */
const notificationText = (item: ContactMessageItem): string => {
  const subject =
    item.subject.length > 80 ? `${item.subject.slice(0, 79).trimEnd()}…` : item.subject;
  return `New contact message from ${item.name.slice(0, 60)}: ${subject}`;
};

/**
 * Tells every admin in-app. Best effort after the message is stored: the message is in the
 * overview whatever happens here, so a failed notification is logged, not answered as an error.
 */
const notifyAdmins = async (item: ContactMessageItem): Promise<void> => {
  try {
    const admins = await listAdminIds();
    const results = await Promise.allSettled(
      admins.map((userId) =>
        notifyUser({
          userId,
          type: 'contact_message',
          message: notificationText(item),
          link: '/admin',
        }),
      ),
    );
    const failed = results.filter((result) => result.status === 'rejected').length;
    if (failed > 0) logger.warn('Admins not notified of a contact message', { failed });
  } catch (error) {
    logger.error('Admins not notified of a contact message', {
      error: error instanceof Error ? error.name : String(error),
    });
  }
};

/**
 * `POST /api/contact` (public).
 *
 * 1. Take one send from the client's hourly allowance (an HMAC of its network, never the
 *    address; CONTACT_LIMITS.perClientPerHour); 429 when spent.
 * 2. A filled honeypot (`website`) is a bot: answered like a person, nothing stored.
 * 3. Store the message (status new; the sender's user id when signed in), then notify the admins.
 */
export const sendContactMessage = async (
  input: ContactMessageInput,
  sender: { sourceIp: string; userId: string | null },
  now = new Date(),
): Promise<ContactMessageSent> => {
  const { window, expiresAt } = hourlyWindow(now);
  const allowed = await takeContactAllowance({
    clientKey: clientKeyOf('contact-client', sender.sourceIp, await readSecret('rateLimitKey')),
    window,
    expiresAt,
    limit: CONTACT_LIMITS.perClientPerHour,
  });
  if (!allowed) throw new TooManyRequestsError(CONTACT_MESSAGES.rateLimited);
  if (input.website) {
    logger.info('Contact form honeypot filled; nothing stored');
    return { message: CONTACT_MESSAGES.sent };
  }
  const item: ContactMessageItem = {
    id: ulid(now.getTime()),
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    ...(sender.userId ? { user_id: sender.userId } : {}),
    status: 'new',
    created_at: now.toISOString(),
  };
  await createContactMessage(item);
  logger.info('Contact message stored', { contactMessageId: item.id });
  await notifyAdmins(item);
  return { message: CONTACT_MESSAGES.sent };
};

/** `GET /api/admin/contact-messages`: one status, newest first; the cursor is bound to the reader. */
export const listContactMessages = async (
  adminId: string,
  query: ContactMessageListQuery,
): Promise<ContactMessagePage> => {
  const binding = `contact-messages|${adminId}|${query.status}|${query.limit}`;
  const page = await queryContactMessages({
    status: query.status,
    limit: query.limit,
    cursor: (await openCursor(query.cursor, binding)) ?? null,
  });
  return {
    items: page.items.map(toContactMessage),
    cursor: await sealCursor(page.cursor, binding),
  };
};

/**
 * `POST /api/admin/contact-messages/{id}/handle`: new → handled with the audit entry, in one
 * transaction conditioned on `status = new`; a message handled already is a 409, an unknown id
 * a 404.
 */
export const handleContactMessage = async (
  actor: { userId: string; email: string },
  id: string,
): Promise<ContactMessage> => {
  const current = await getContactMessage(id);
  if (!current) throw new NotFoundError(CONTACT_MESSAGES.notFound);
  if (current.status === 'handled') throw new ConflictError(CONTACT_MESSAGES.alreadyHandled);
  const now = new Date().toISOString();
  const result = await markContactMessageHandled({
    id,
    by: actor.userId,
    now,
    audit: auditWrite({
      actor,
      action: 'contact_message.handle',
      target: { type: 'contact_message', id, name: `${current.subject} (${current.email})` },
      before: { status: 'new' },
      after: { status: 'handled' },
      now,
    }),
  });
  if (result.canceled) {
    if (result.failed('message') === 'ConditionalCheckFailed') {
      throw new ConflictError(CONTACT_MESSAGES.alreadyHandled);
    }
    throw new Error(`Contact message ${id} not marked handled: ${JSON.stringify(result.codes)}`);
  }
  return toContactMessage({
    ...current,
    status: 'handled',
    handled_at: now,
    handled_by: actor.userId,
  });
};
