/**
 * Newsletter data access: one function per access pattern (docs/data-model.md, section 3.14, L1–L9).
 *
 * Subscriber and lead items carry their first-seen time in a GSI sort key. The data layer writes no
 * GSI keys for an attribute given only as `if_not_exists`, so the writers pre-read the item and pass
 * the first-seen time explicitly, guarded by a condition that it has not changed meanwhile.
 */
import { LeadEntity, type LeadItem } from '../shared/db/entities/lead';
import {
  NewsletterSubscriberEntity,
  type NewsletterSubscriberItem,
} from '../shared/db/entities/newsletter-subscriber';
import {
  NewsletterTypeEntity,
  type NewsletterTypeItem,
} from '../shared/db/entities/newsletter-type';
import {
  UserNewsletterSubscriptionEntity,
  type UserNewsletterSubscriptionItem,
} from '../shared/db/entities/user-newsletter-subscription';
import { isConditionFailure, writtenUnlessRefused } from '../shared/db/entity';
import {
  transactWrite,
  type TransactionItems,
  type TransactionWrite,
} from '../shared/db/transaction';

export type { NewsletterTypeItem };
export type { UserNewsletterSubscriptionItem };
export type { LeadItem };
export type { NewsletterSubscriberItem };

/** A page of a list read and where the next one starts (`null` at the end). */
export interface Page<Item> {
  items: Item[];
  cursor: string | null;
}

/** L2: one newsletter type. */
export const getNewsletterType = async (id: string): Promise<NewsletterTypeItem | null> => {
  const { data } = await NewsletterTypeEntity.get({ id }).go();
  return data;
};

/** L1: every newsletter type (one partition, few items), by id. */
export const listNewsletterTypes = async (): Promise<NewsletterTypeItem[]> => {
  const { data } = await NewsletterTypeEntity.query.byId({}).go({ pages: 'all', consistent: true });
  return data;
};

/**
 * An admin write of a type with its audit entry (items `type` and `audit`); `false` when the
 * type's condition failed (it exists already for a create, is absent for an edit or delete).
 */
const commitTypeWithAudit = async (
  type: TransactionWrite,
  audit: TransactionWrite,
): Promise<boolean> => {
  const result = await transactWrite({ type, audit });
  if (!result.canceled) return true;
  if (result.failed('type') === 'ConditionalCheckFailed') return false;
  throw new Error(`Newsletter type was not written: ${JSON.stringify(result.codes)}`);
};

/** An admin's new type with its audit entry; `false` when a type of that id exists already. */
export const createNewsletterTypeWithAudit = (
  item: NewsletterTypeItem,
  audit: TransactionWrite,
): Promise<boolean> => commitTypeWithAudit(NewsletterTypeEntity.create(item), audit);

/**
 * An admin's edit of a type (`next`, read as `current`) with its audit entry; `false` when the
 * type is gone or was changed since the read (its `updated_at` moved).
 */
export const updateNewsletterTypeWithAudit = (
  current: NewsletterTypeItem,
  next: NewsletterTypeItem,
  audit: TransactionWrite,
): Promise<boolean> =>
  commitTypeWithAudit(
    NewsletterTypeEntity.patch({ id: current.id })
      .set({ name: next.name, is_active: next.is_active, updated_at: next.updated_at })
      .set(next.description === undefined ? {} : { description: next.description })
      .remove(next.description === undefined ? ['description'] : [])
      .where((attr, op) => op.eq(attr.updated_at, current.updated_at)),
    audit,
  );

/** An admin's deletion of a type with its audit entry; `false` when the type is gone. */
export const deleteNewsletterTypeWithAudit = (
  id: string,
  audit: TransactionWrite,
): Promise<boolean> =>
  commitTypeWithAudit(
    NewsletterTypeEntity.delete({ id }).where((attr, op) => op.exists(attr.id)),
    audit,
  );

/** L3: creates a type unless it exists (the seed's `site_updates`). */
export const createNewsletterTypeIfAbsent = async (item: NewsletterTypeItem): Promise<void> => {
  const existing = await getNewsletterType(item.id);
  if (!existing) await NewsletterTypeEntity.create(item).go();
};

/** L4: the settings toggle state (strongly consistent: it follows the user's own write). */
export const getUserSubscription = async (
  userId: string,
  newsletterTypeId: string,
): Promise<UserNewsletterSubscriptionItem | null> => {
  const { data } = await UserNewsletterSubscriptionEntity.get({
    user_id: userId,
    newsletter_type_id: newsletterTypeId,
  }).go({ consistent: true });
  return data;
};

const getSubscriberFirstSeen = async (email: string): Promise<string | null> => {
  const { data } = await NewsletterSubscriberEntity.get({ email }).go({
    consistent: true,
    attributes: ['subscribed_at'],
  });
  return data?.subscribed_at ?? null;
};

const getLeadCreatedAt = async (email: string): Promise<string | null> => {
  const { data } = await LeadEntity.get({ email }).go({
    consistent: true,
    attributes: ['created_at'],
  });
  return data?.created_at ?? null;
};

/**
 * L7 as a transaction item: subscribe or unsubscribe the address, keeping its first-seen time;
 * subscribing again clears an earlier unsubscribe mark in the same write.
 */
const subscriberWrite = (input: {
  email: string;
  source: string;
  subscribed: boolean;
  firstSeen: string | null;
  now: string;
}) =>
  NewsletterSubscriberEntity.upsert({
    email: input.email,
    source: input.source,
    subscribed_at: input.firstSeen ?? input.now,
    last_modified_at: input.now,
  })
    .set(input.subscribed ? {} : { unsubscribed_at: input.now })
    .remove(input.subscribed ? ['unsubscribed_at'] : [])
    .where((attr, op) =>
      input.firstSeen
        ? op.eq(attr.subscribed_at, input.firstSeen)
        : op.notExists(attr.subscribed_at),
    );

/** A transaction lost to a concurrent writer of the same item; the caller re-reads and retries. */
export class ConcurrentWriteError extends Error {}

const runTransaction = async (items: TransactionItems): Promise<void> => {
  const result = await transactWrite(items);
  if (result.canceled) throw new ConcurrentWriteError('Newsletter transaction cancelled');
};

/**
 * L5: the user's toggle and the address's subscriber record in one transaction, so the admin
 * views of users and of addresses always agree.
 */
export const setUserSubscription = async (input: {
  userId: string;
  email: string;
  newsletterTypeId: string;
  subscribed: boolean;
  source: string;
  now: string;
}): Promise<void> => {
  const firstSeen = await getSubscriberFirstSeen(input.email);
  await runTransaction({
    subscription: UserNewsletterSubscriptionEntity.upsert({
      user_id: input.userId,
      newsletter_type_id: input.newsletterTypeId,
      email: input.email,
      status: input.subscribed ? 'active' : 'inactive',
      source: input.source,
      last_modified_at: input.now,
    }).ifNotExists({ subscribed_at: input.now }),
    subscriber: subscriberWrite({
      email: input.email,
      source: input.source,
      subscribed: input.subscribed,
      firstSeen,
      now: input.now,
    }),
  });
};

/** The address's subscriber record as lead capture needs it (first seen, consent state). */
const getSubscriberState = async (email: string) => {
  const { data } = await NewsletterSubscriberEntity.get({ email }).go({
    consistent: true,
    attributes: ['subscribed_at', 'confirmed_at', 'unsubscribed_at'],
  });
  return data;
};

/**
 * L9: the lead (one item per address, `submissions` counts repeats) and the address's newsletter
 * subscription, in one transaction. Double opt-in: an address that is confirmed and still
 * subscribed stays confirmed; any other (new, unconfirmed, or unsubscribed since) is unconfirmed
 * until it follows a new confirmation link. Resolves with whether a confirmation is needed.
 */
export const captureLead = async (input: {
  email: string;
  source: string;
  timestamp: string;
  now: string;
}): Promise<{ needsConfirmation: boolean }> => {
  const [createdAt, subscriber] = await Promise.all([
    getLeadCreatedAt(input.email),
    getSubscriberState(input.email),
  ]);
  const confirmed = Boolean(subscriber?.confirmed_at && !subscriber.unsubscribed_at);
  await runTransaction({
    lead: LeadEntity.upsert({
      email: input.email,
      agreed_to_terms: true,
      source: input.source,
      timestamp: input.timestamp,
      created_at: createdAt ?? input.now,
      last_submitted_at: input.now,
    })
      .add({ submissions: 1 })
      .where((attr, op) =>
        createdAt ? op.eq(attr.created_at, createdAt) : op.notExists(attr.created_at),
      ),
    subscriber: subscriberWrite({
      email: input.email,
      source: input.source,
      subscribed: true,
      firstSeen: subscriber?.subscribed_at ?? null,
      now: input.now,
    }).remove(confirmed ? [] : ['confirmed_at']),
  });
  return { needsConfirmation: !confirmed };
};

/**
 * Takes the address's confirmation e-mail slot: `true` when no confirmation was sent since
 * `cutoff` (at most one per 10 minutes: no mail bombing through the public form).
 */
export const claimConfirmationSlot = async (
  email: string,
  now: string,
  cutoff: string,
): Promise<boolean> => {
  return writtenUnlessRefused(
    LeadEntity.patch({ email })
      .set({ confirmation_sent_at: now })
      .where(
        (attr, op) =>
          `${op.notExists(attr.confirmation_sent_at)} OR ${op.lte(attr.confirmation_sent_at, cutoff)}`,
      ),
  );
};

/** Gives the slot back after a failed send, so resubmitting the form tries again at once. */
export const releaseConfirmationSlot = async (email: string, claimedAt: string): Promise<void> => {
  await LeadEntity.patch({ email })
    .remove(['confirmation_sent_at'])
    .where((attr, op) => op.eq(attr.confirmation_sent_at, claimedAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};

/**
 * Double opt-in confirmed: the subscriber (and its lead) get `confirmed_at`, kept from the first
 * confirmation when followed again. `false` when the address has no subscriber record.
 */
export const confirmSubscriber = async (email: string, now: string): Promise<boolean> => {
  const { data } = await NewsletterSubscriberEntity.get({ email }).go({ consistent: true });
  if (!data) return false;
  if (data.confirmed_at) return true;
  const ignoreRace = (error: unknown) => {
    if (!isConditionFailure(error)) throw error;
  };
  await NewsletterSubscriberEntity.patch({ email })
    .set({ confirmed_at: now, last_modified_at: now })
    .where((attr, op) => op.notExists(attr.confirmed_at))
    .go()
    .catch(ignoreRace);
  await LeadEntity.patch({ email })
    .set({ confirmed_at: now })
    .where((attr, op) => op.notExists(attr.confirmed_at))
    .go()
    .catch(ignoreRace);
  return true;
};

/** An anonymous address unsubscribes (one-click link): the first time is kept. */
export const unsubscribeSubscriber = async (email: string, now: string): Promise<void> => {
  await NewsletterSubscriberEntity.patch({ email })
    .set({ unsubscribed_at: now, last_modified_at: now })
    .where((attr, op) => op.notExists(attr.unsubscribed_at))
    .go()
    .catch((error: unknown) => {
      // Absent (nothing to unsubscribe) or unsubscribed already: the same outcome.
      if (!isConditionFailure(error)) throw error;
    });
};

/** L7: one subscriber record (tests and the unsubscribe page). */
export const getSubscriber = async (email: string) => {
  const { data } = await NewsletterSubscriberEntity.get({ email }).go({ consistent: true });
  return data;
};

/** L4 for a lead: the stored lead, for tests and the admin view. */
export const getLead = async (email: string): Promise<LeadItem | null> => {
  const { data } = await LeadEntity.get({ email }).go({ consistent: true });
  return data;
};

/**
 * L8: addresses newest first, a page at a time; `subscribed` and `unsubscribed` filter on
 * `unsubscribed_at` (a filter: it reads on until the page is full or the index ends).
 */
export const querySubscribers = async (options: {
  status: 'all' | 'subscribed' | 'unsubscribed';
  limit: number;
  cursor: string | null;
}): Promise<Page<NewsletterSubscriberItem>> => {
  const query = NewsletterSubscriberEntity.query.bySubscribedAt({});
  if (options.status !== 'all') {
    query.where((attr, op) =>
      options.status === 'subscribed'
        ? op.notExists(attr.unsubscribed_at)
        : op.exists(attr.unsubscribed_at),
    );
  }
  const { data, cursor } = await query.go({
    order: 'desc',
    limit: options.limit,
    cursor: options.cursor,
  });
  return { items: data, cursor };
};

/** L6: the users' subscriptions to one type, latest change first, a page at a time. */
export const querySubscriptionsOfType = async (
  newsletterTypeId: string,
  options: { limit: number; cursor: string | null },
): Promise<Page<UserNewsletterSubscriptionItem>> => {
  const { data, cursor } = await UserNewsletterSubscriptionEntity.query
    .byType({ newsletter_type_id: newsletterTypeId })
    .go({ order: 'desc', limit: options.limit, cursor: options.cursor });
  return { items: data, cursor };
};

/** An audit entry of a read (the export), on its own: there is no change to commit with it. */
export const commitAudit = async (audit: TransactionWrite): Promise<void> => {
  const result = await transactWrite({ audit });
  if (result.canceled) {
    throw new Error(`Audit entry was not written: ${JSON.stringify(result.codes)}`);
  }
};

/** L7 for the demo seed: the address with its own times, unless it exists (left as it is). */
export const createSubscriberIfAbsent = async (item: NewsletterSubscriberItem): Promise<void> => {
  const result = await transactWrite({ subscriber: NewsletterSubscriberEntity.create(item) });
  if (result.canceled && result.failed('subscriber') !== 'ConditionalCheckFailed') {
    throw new Error(`Subscriber was not written: ${JSON.stringify(result.codes)}`);
  }
};

/** L17: a user's newsletter toggles (their data export and their account's closure). */
export const listUserSubscriptions = async (
  userId: string,
): Promise<UserNewsletterSubscriptionItem[]> => {
  const { data } = await UserNewsletterSubscriptionEntity.query
    .byUser({ user_id: userId })
    .go({ pages: 'all' });
  return data;
};

/**
 * L18: a closed account is forgotten by the newsletter: its toggles, and the subscriber record
 * and launch-page lead of its address.
 */
export const deleteNewsletterDataOf = async (userId: string, email: string): Promise<void> => {
  for (const item of await listUserSubscriptions(userId)) {
    await UserNewsletterSubscriptionEntity.delete({
      user_id: userId,
      newsletter_type_id: item.newsletter_type_id,
    }).go();
  }
  await NewsletterSubscriberEntity.delete({ email }).go();
  await LeadEntity.delete({ email }).go();
};
