/**
 * Newsletter rules: a signed-in user's toggle per newsletter type (settings, Notifications tab),
 * lead capture from the launch overlay with its double opt-in, and the unsubscribe links of the
 * e-mails. All are idempotent: repeating a request changes nothing but the last-modified time.
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
} from '../../contract/newsletter';
import {
  CONFIRM_INVALID_MESSAGE,
  CONFIRM_SUCCESS_MESSAGE,
  UNSUBSCRIBE_INVALID_MESSAGE,
  unsubscribedMessage,
  type ConfirmRequest,
  type ConfirmResult,
  type UnsubscribeRequest,
  type UnsubscribeResult,
} from '../../contract/newsletter-issues';
import { sendMail } from '../shared/adapters/mailer';
import { config } from '../shared/config';
import { NotFoundError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { lastErrorItself, retry } from '../shared/retry';
import { confirmationMail } from './mail';
import { newsletterTokens } from './tokens';
import {
  captureLead as writeLead,
  claimConfirmationSlot,
  confirmSubscriber,
  releaseConfirmationSlot,
  unsubscribeSubscriber,
  ConcurrentWriteError,
  getNewsletterType,
  getUserSubscription,
  setUserSubscription,
  type NewsletterTypeItem,
  createNewsletterTypeIfAbsent,
  createSubscriberIfAbsent,
  deleteNewsletterDataOf,
  listUserSubscriptions,
} from './repo';

/** Where a settings subscription came from (the product's `source 'user_settings'`). */
export const SETTINGS_SOURCE = 'user_settings';
const WRITE_ATTEMPTS = 3;
/** The longest pause before the second write (twice that before the third). */
const WRITE_RETRY_DELAY_MS = 60;

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
const withRetries = (write: () => Promise<void>): Promise<void> =>
  retry(write, {
    attempts: WRITE_ATTEMPTS,
    baseDelayMs: WRITE_RETRY_DELAY_MS,
    retryOn: (error) => error instanceof ConcurrentWriteError,
    // The last race lost is the caller's answer, as a race lost the first time would be.
    exhausted: lastErrorItself,
  });

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

/** At most one confirmation e-mail per address in this time (no mail bombing). */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

/**
 * A lead from the launch overlay (process-lead-capture): consent was checked by the schema, so
 * the lead and its newsletter subscription are stored, once per address, unconfirmed until the
 * address follows the link of the confirmation e-mail sent here (double opt-in; at most one per
 * 10 minutes). The e-mail goes out after the write: if SES refuses, the lead is kept, the slot is
 * given back and the error reaches the visitor, who can simply submit again.
 */
export const captureLead = async (lead: LeadCapture): Promise<LeadCaptureResult> => {
  const now = new Date().toISOString();
  let needsConfirmation = false;
  await withRetries(async () => {
    ({ needsConfirmation } = await writeLead({
      email: lead.email,
      source: lead.source,
      timestamp: lead.timestamp ?? now,
      now,
    }));
  });
  if (needsConfirmation) await sendConfirmation(lead.email, now);
  return { message: LEAD_SUCCESS_MESSAGE };
};

const sendConfirmation = async (email: string, now: string): Promise<void> => {
  const cutoff = new Date(Date.parse(now) - CONFIRMATION_RESEND_MS).toISOString();
  if (!(await claimConfirmationSlot(email, now, cutoff))) return;
  try {
    const token = (await newsletterTokens()).signConfirm({ email });
    const confirmUrl = `${config().SITE_URL}/newsletter/confirm?token=${encodeURIComponent(token)}`;
    await sendMail(confirmationMail({ to: email, confirmUrl }));
  } catch (error) {
    await releaseConfirmationSlot(email, now);
    logger.error('Confirmation e-mail not sent', { error: (error as Error).name });
    throw error;
  }
};

/** Double opt-in: the link of the confirmation e-mail. */
export const confirmSubscription = async (input: ConfirmRequest): Promise<ConfirmResult> => {
  const claims = (await newsletterTokens()).verifyConfirm(input.token);
  if (!claims) throw new ValidationError(CONFIRM_INVALID_MESSAGE);
  const confirmed = await confirmSubscriber(claims.email, new Date().toISOString());
  if (!confirmed) throw new ValidationError(CONFIRM_INVALID_MESSAGE);
  return { message: CONFIRM_SUCCESS_MESSAGE };
};

/** Where an unsubscribe through a link came from (the subscription's `source`). */
export const UNSUBSCRIBE_LINK_SOURCE = 'unsubscribe_link';

/**
 * The unsubscribe link of an e-mail (the page's button, or a mail client's one-click POST).
 * Idempotent. A signed-in user's subscription to the type goes inactive (with the address's
 * subscriber record, as the settings toggle does); an anonymous address is marked unsubscribed.
 */
export const unsubscribe = async (input: UnsubscribeRequest): Promise<UnsubscribeResult> => {
  const claims = (await newsletterTokens()).verifyUnsubscribe(input.token);
  if (!claims) throw new ValidationError(UNSUBSCRIBE_INVALID_MESSAGE);
  const now = new Date().toISOString();
  if (claims.userId) {
    const { userId } = claims;
    await withRetries(() =>
      setUserSubscription({
        userId,
        email: claims.email,
        newsletterTypeId: claims.newsletterTypeId,
        subscribed: false,
        source: UNSUBSCRIBE_LINK_SOURCE,
        now,
      }),
    );
  } else {
    await unsubscribeSubscriber(claims.email, now);
  }
  const type = await getNewsletterType(claims.newsletterTypeId);
  const name = type?.name ?? 'this newsletter';
  logger.info('Unsubscribed through a link', { newsletterTypeId: claims.newsletterTypeId });
  return {
    newsletter_type_id: claims.newsletterTypeId,
    newsletter_type_name: name,
    message: unsubscribedMessage(name),
  };
};

/**
 * The demo seed's subscriber: subscribes a user to a type unless they ever chose (so a demo user
 * who unsubscribed stays unsubscribed across restarts).
 */
export const subscribeUnlessChosen = async (
  identity: { userId: string; email: string },
  newsletterTypeId: string,
): Promise<void> => {
  if (await getUserSubscription(identity.userId, newsletterTypeId)) return;
  await withRetries(() =>
    setUserSubscription({
      userId: identity.userId,
      email: identity.email.trim().toLowerCase(),
      newsletterTypeId,
      subscribed: true,
      source: SETTINGS_SOURCE,
      now: new Date().toISOString(),
    }),
  );
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

/** The user's newsletter choices, per type: their data export. */
export const listMyNewsletterChoices = async (userId: string) =>
  (await listUserSubscriptions(userId)).map((item) => ({
    newsletter_type_id: item.newsletter_type_id,
    status: item.status,
    last_modified_at: item.last_modified_at,
  }));

/** A closed account's newsletter toggles, subscriber record and lead go. */
export const forgetNewsletterOf = (userId: string, email: string): Promise<void> =>
  deleteNewsletterDataOf(userId, email.toLowerCase());
