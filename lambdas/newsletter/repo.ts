/**
 * Newsletter data access: one function per access pattern (docs/data-model.md §3.14, L1–L9).
 *
 * Subscriber and lead items carry their first-seen time in a GSI sort key. ElectroDB writes no GSI
 * keys for an attribute given only as `if_not_exists`, so the writers pre-read the item and pass the
 * first-seen time explicitly, guarded by a condition that it has not changed meanwhile.
 */
import type { EntityItem } from 'electrodb';
import { LeadEntity } from '../shared/db/entities/lead';
import { NewsletterSubscriberEntity } from '../shared/db/entities/newsletter-subscriber';
import { NewsletterTypeEntity } from '../shared/db/entities/newsletter-type';
import { UserNewsletterSubscriptionEntity } from '../shared/db/entities/user-newsletter-subscription';
import { db } from '../shared/db/service';

export type NewsletterTypeItem = EntityItem<typeof NewsletterTypeEntity>;
export type UserNewsletterSubscriptionItem = EntityItem<typeof UserNewsletterSubscriptionEntity>;
export type LeadItem = EntityItem<typeof LeadEntity>;

/** L2: one newsletter type. */
export const getNewsletterType = async (id: string): Promise<NewsletterTypeItem | null> => {
  const { data } = await NewsletterTypeEntity.get({ id }).go();
  return data;
};

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

type TransactionEntities = Parameters<Parameters<typeof db.transaction.write>[0]>[0];

/** L7 as a transaction item: subscribe or unsubscribe the address, keeping its first-seen time. */
const subscriberWrite = (
  { newsletterSubscriber }: Pick<TransactionEntities, 'newsletterSubscriber'>,
  input: {
    email: string;
    source: string;
    subscribed: boolean;
    firstSeen: string | null;
    now: string;
  },
) => {
  const base = newsletterSubscriber.upsert({
    email: input.email,
    source: input.source,
    subscribed_at: input.firstSeen ?? input.now,
    last_modified_at: input.now,
  });
  const write = input.subscribed ? base : base.set({ unsubscribed_at: input.now });
  const guarded = write.where((attr, op) =>
    input.firstSeen ? op.eq(attr.subscribed_at, input.firstSeen) : op.notExists(attr.subscribed_at),
  );
  return guarded.commit();
};

/** A transaction lost to a concurrent writer of the same item; the caller re-reads and retries. */
export class ConcurrentWriteError extends Error {}

const runTransaction = async (build: Parameters<typeof db.transaction.write>[0]): Promise<void> => {
  const result = await db.transaction.write(build).go();
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
  await runTransaction((entities) => {
    const subscription = entities.userNewsletterSubscription
      .upsert({
        user_id: input.userId,
        newsletter_type_id: input.newsletterTypeId,
        email: input.email,
        status: input.subscribed ? 'active' : 'inactive',
        source: input.source,
        last_modified_at: input.now,
      })
      .ifNotExists({ subscribed_at: input.now })
      .commit();
    const subscriber = subscriberWrite(entities, {
      email: input.email,
      source: input.source,
      subscribed: input.subscribed,
      firstSeen,
      now: input.now,
    });
    return [subscription, subscriber];
  });
  // Re-subscribing clears the old unsubscribe mark (REMOVE cannot share an upsert in ElectroDB).
  if (input.subscribed) {
    await NewsletterSubscriberEntity.patch({ email: input.email }).remove(['unsubscribed_at']).go();
  }
};

/**
 * L9: the lead (one item per address, `submissions` counts repeats) and the address's newsletter
 * subscription, in one transaction.
 */
export const captureLead = async (input: {
  email: string;
  source: string;
  timestamp: string;
  now: string;
}): Promise<void> => {
  const [createdAt, firstSeen] = await Promise.all([
    getLeadCreatedAt(input.email),
    getSubscriberFirstSeen(input.email),
  ]);
  await runTransaction((entities) => [
    entities.lead
      .upsert({
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
      )
      .commit(),
    subscriberWrite(entities, {
      email: input.email,
      source: input.source,
      subscribed: true,
      firstSeen,
      now: input.now,
    }),
  ]);
  await NewsletterSubscriberEntity.patch({ email: input.email }).remove(['unsubscribed_at']).go();
};

/** L4 for a lead: the stored lead, for tests and the admin view. */
export const getLead = async (email: string): Promise<LeadItem | null> => {
  const { data } = await LeadEntity.get({ email }).go({ consistent: true });
  return data;
};
