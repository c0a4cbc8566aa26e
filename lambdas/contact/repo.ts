/**
 * Contact message data access (docs/data-model.md, section 3.22, C1–C4) and the form's rate-limit counter
 * (section 3.19).
 */
import {
  ContactMessageEntity,
  type ContactMessageItem,
} from '../shared/db/entities/contact-message';
import { RateLimitEntity } from '../shared/db/entities/rate-limit';
import { writtenUnlessRefused } from '../shared/db/entity';
import {
  transactWrite,
  type TransactionResult,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { ContactMessageItem };

/**
 * R1 for the contact form: one hit on the client's counter of the window, refused (`false`) once
 * `limit` hits were taken; a refused send counts nowhere.
 */
export const takeContactAllowance = async (input: {
  clientKey: string;
  window: string;
  expiresAt: number;
  limit: number;
}): Promise<boolean> => {
  return writtenUnlessRefused(
    RateLimitEntity.update({ key: input.clientKey, window: input.window })
      .add({ hits: 1 })
      .set({ expires_at: input.expiresAt })
      .where(({ hits }, { lt, notExists }) => `${notExists(hits)} OR ${lt(hits, input.limit)}`),
  );
};

/** C1: stores a new message (`create`: never replaces one). */
export const createContactMessage = async (item: ContactMessageItem): Promise<void> => {
  await ContactMessageEntity.create(item).go();
};

/** C2: one message by id (strongly consistent: it decides 404 against 409). */
export const getContactMessage = async (id: string): Promise<ContactMessageItem | null> => {
  const { data } = await ContactMessageEntity.get({ id }).go({ consistent: true });
  return data;
};

/** C3: the messages of one status, newest first (ulid order), a page at a time. */
export const queryContactMessages = async (input: {
  status: ContactMessageItem['status'];
  limit: number;
  cursor: string | null;
}): Promise<{ items: ContactMessageItem[]; cursor: string | null }> => {
  const { data, cursor } = await ContactMessageEntity.query
    .byStatus({ status: input.status })
    .go({ order: 'desc', limit: input.limit, cursor: input.cursor });
  return { items: data, cursor };
};

/**
 * C4: new → handled (condition `status = new`, so a second click or a second admin changes
 * nothing) with the audit entry, in one transaction.
 */
export const markContactMessageHandled = (input: {
  id: string;
  by: string;
  now: string;
  audit: TransactionWrite;
}): Promise<TransactionResult> =>
  transactWrite({
    message: ContactMessageEntity.patch({ id: input.id })
      .set({ status: 'handled', handled_at: input.now, handled_by: input.by })
      .where(({ status }, { eq }) => eq(status, 'new')),
    audit: input.audit,
  });
