/**
 * Newsletter rules: a signed-in user's toggle per newsletter type (settings, Notifications tab) and
 * lead capture from the launch overlay. Both are idempotent: repeating a request changes nothing
 * but the last-modified time.
 */
import type { AuthContext } from '../shared/auth/claims';
import {
  LEAD_SUCCESS_MESSAGE,
  NEWSLETTER_TYPE_NOT_FOUND_MESSAGE,
  USER_EMAIL_UNAVAILABLE_MESSAGE,
  type LeadCapture,
  type LeadCaptureResult,
  type NewsletterStatus,
  type NewsletterUpdate,
} from '../shared/contracts/newsletter';
import { NotFoundError, ValidationError } from '../shared/errors';
import {
  captureLead as writeLead,
  ConcurrentWriteError,
  getNewsletterType,
  getUserSubscription,
  setUserSubscription,
  type NewsletterTypeItem,
  createNewsletterTypeIfAbsent,
  createSubscriberIfAbsent,
} from './repo';

/** Where a settings subscription came from (the spec's `source 'user_settings'`). */
export const SETTINGS_SOURCE = 'user_settings';
const WRITE_ATTEMPTS = 3;

const activeType = async (id: string): Promise<NewsletterTypeItem> => {
  const type = await getNewsletterType(id);
  if (!type || !type.is_active) throw new NotFoundError(NEWSLETTER_TYPE_NOT_FOUND_MESSAGE);
  return type;
};

const toStatus = (type: NewsletterTypeItem, subscribed: boolean): NewsletterStatus => ({
  newsletter_type_id: type.id,
  name: type.name,
  description: type.description ?? null,
  subscribed,
});

/** Retries a write that lost a race on the same address (two tabs, a double click). */
const withRetries = async (write: () => Promise<void>): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write();
      return;
    } catch (error) {
      if (!(error instanceof ConcurrentWriteError) || attempt === WRITE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 40));
    }
  }
};

/** The caller's toggle for one newsletter type; never subscribed means off. */
export const getMyNewsletter = async (
  userId: string,
  newsletterTypeId: string,
): Promise<NewsletterStatus> => {
  const type = await activeType(newsletterTypeId);
  const subscription = await getUserSubscription(userId, type.id);
  return toStatus(type, subscription?.status === 'active');
};

/**
 * Subscribes or unsubscribes the caller.
 *
 * 1. The type must exist and be active; the caller must have an e-mail (from the verified token).
 * 2. The user's subscription and the address's subscriber record change in one transaction.
 */
export const updateMyNewsletter = async (
  identity: Pick<AuthContext, 'userId' | 'email'>,
  update: NewsletterUpdate,
): Promise<NewsletterStatus> => {
  const type = await activeType(update.newsletter_type_id);
  if (!identity.email) throw new ValidationError(USER_EMAIL_UNAVAILABLE_MESSAGE);
  const email = identity.email.trim().toLowerCase();
  await withRetries(() =>
    setUserSubscription({
      userId: identity.userId,
      email,
      newsletterTypeId: type.id,
      subscribed: update.subscribed,
      source: SETTINGS_SOURCE,
      now: new Date().toISOString(),
    }),
  );
  return toStatus(type, update.subscribed);
};

/**
 * A lead from the launch overlay (process-lead-capture): consent was checked by the schema, so
 * the lead and its newsletter subscription are stored, once per address.
 */
export const captureLead = async (lead: LeadCapture): Promise<LeadCaptureResult> => {
  const now = new Date().toISOString();
  await withRetries(() =>
    writeLead({ email: lead.email, source: lead.source, timestamp: lead.timestamp ?? now, now }),
  );
  return { message: LEAD_SUCCESS_MESSAGE };
};

/** A newsletter type that must exist (the seed's general newsletter), created active when absent. */
export const ensureNewsletterType = async (type: {
  id: string;
  name: string;
  description?: string;
}): Promise<void> => {
  const now = new Date().toISOString();
  await createNewsletterTypeIfAbsent({
    ...type,
    is_active: true,
    created_at: now,
    updated_at: now,
  });
};

/**
 * Demo newsletter data (the local seed): addresses with their own times, and signed-in users'
 * subscriptions. What exists is left as it is, so a reseed changes nothing an admin did.
 */
export const importNewsletterDemo = async (input: {
  subscribers: readonly {
    email: string;
    source: string;
    subscribed_at: string;
    unsubscribed_at?: string;
  }[];
  users: readonly { userId: string; email: string; newsletterTypeId: string }[];
}): Promise<void> => {
  for (const subscriber of input.subscribers) {
    await createSubscriberIfAbsent({
      ...subscriber,
      email: subscriber.email.trim().toLowerCase(),
      last_modified_at: subscriber.unsubscribed_at ?? subscriber.subscribed_at,
    });
  }
  for (const user of input.users) {
    if (await getUserSubscription(user.userId, user.newsletterTypeId)) continue;
    await withRetries(() =>
      setUserSubscription({
        userId: user.userId,
        email: user.email.trim().toLowerCase(),
        newsletterTypeId: user.newsletterTypeId,
        subscribed: true,
        source: SETTINGS_SOURCE,
        now: new Date().toISOString(),
      }),
    );
  }
};
