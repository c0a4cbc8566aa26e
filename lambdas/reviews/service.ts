/**
 * Review rules: one review per buyer per template (a second submission replaces the first, and
 * its author may delete it), the verified-buyer flag decided at write time (a download, an order
 * or a deployment of the template), exact rating counters over verified reviews only under
 * concurrency, and the seller's `new_review` notification (docs/data-model.md, section 4.2). Sellers do
 * not review their own templates and beta accounts do not review at all.
 *
 * Reviews do not bump the catalog version: rating counters refresh browse cards through the
 * catalog's age limit (docs/data-model.md, sections 3.17 and 5); the detail page reads the item fresh.
 */
import { ulid } from 'ulid';
import {
  TEMPLATE_NOT_FOUND_MESSAGE,
  averageRatingOf,
  getApprovedTemplateItem,
} from '../catalog/service';
import { ownedTemplateOrder } from '../ledger/service';
import { hasDeployed } from '../deployments/service';
import { hasDownloaded } from '../downloads/service';
import { notificationWrites } from '../notifications/service';
import { getProfile } from '../profiles/service';
import { rateWrite } from '../templates/transitions';
import {
  REVIEW_MESSAGES,
  reviewInputSchema,
  type DeleteReviewResult,
  type MyReview,
  type ReviewList,
  type SubmitReviewResult,
} from '../../contract/reviews';
import type * as z from 'zod';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { RETRY, retry } from '../shared/retry';
import type { TransactionResult } from '../shared/db/transaction';
import {
  deleteReview,
  getReview,
  listReviewsByTemplate,
  putReview,
  ratingDelta,
  upsertReview,
  type ReviewItem,
} from './repo';
import { toPublicReview } from './view';

export const OWN_TEMPLATE_REVIEW_MESSAGE = REVIEW_MESSAGES.ownTemplate;
/** Retries after a lost race on the caller's own review or a TransactionConflict. */
export const MAX_REVIEW_RETRIES = 3;
/** A review write's attempts, and the longest pause before its first retry. */
const REVIEW_RETRIES = { attempts: 1 + MAX_REVIEW_RETRIES, baseDelayMs: 200 } as const;

/** Whether a cancelled review write lost a race (try again) rather than was refused. */
const lostRace = (outcome: TransactionResult): boolean =>
  outcome.failed('review') === 'ConditionalCheckFailed' || outcome.any('TransactionConflict');

/** A review write given up: logged with its codes, answered with the product's words. */
const reviewRefused = (
  log: { message: string; mvpId: string; codes: unknown; attempt: number },
  answer: string,
): ConflictError => {
  logger.warn(log.message, { mvpId: log.mvpId, codes: log.codes, attempt: log.attempt });
  return new ConflictError(answer);
};

export { toPublicReview };

/**
 * The verified ratings given to some templates (any status), with when: the seller's analytics.
 * Verified only, as the templates' averages count them (contract/seller-figures.ts): an
 * unverified review is shown on the template page but never averaged. No reviewer is named.
 */
export const listRatingsOfTemplates = async (
  templateIds: readonly string[],
): Promise<{ mvpId: string; rating: number; createdAt: string }[]> =>
  (await Promise.all(templateIds.map((templateId) => listReviewsByTemplate(templateId))))
    .flat()
    .filter((item) => item.is_verified_buyer)
    .map((item) => ({
      mvpId: item.mvp_id,
      rating: item.rating,
      createdAt: item.created_at,
    }));

/** The reviews of an approved template, newest first, with its current average. */
export const listReviews = async (templateId: string): Promise<ReviewList> => {
  const template = await getApprovedTemplateItem(templateId);
  const items = await listReviewsByTemplate(template.id);
  return {
    items: items.map(toPublicReview),
    average_rating: averageRatingOf(template),
    rating_count: template.rating_count,
  };
};

/**
 * Whether the user has used the template: downloaded it, bought it (a completed order not fully
 * refunded) or deployed it. A verified review counts in the template's average.
 */
export const isVerifiedReviewer = async (userId: string, templateId: string): Promise<boolean> => {
  if (await hasDownloaded(userId, templateId)) return true;
  const [order, deployed] = await Promise.all([
    ownedTemplateOrder(userId, templateId),
    hasDeployed(userId, templateId),
  ]);
  return order !== null || deployed;
};

/** The caller's own review of an approved template (the form shows it), or null. */
export const getMyReview = async (userId: string, templateId: string): Promise<MyReview> => {
  const template = await getApprovedTemplateItem(templateId);
  const review = await getReview(template.id, userId);
  return { review: review ? toPublicReview(review) : null };
};

/**
 * Creates or replaces the caller's review of an approved template.
 *
 * 1. Pre-read the template (approved; not the caller's own), the caller's profile (name shown;
 *    not a beta account), whether they used the template (verified, decided again on every save)
 *    and their existing review (consistent).
 * 2. One transaction (repo `upsertReview`): review, exact sum/count over verified reviews,
 *    counters, notification.
 * 3. If the caller's review changed meanwhile (a concurrent submission), start again from the
 *    fresh review, so the delta is always against what is replaced.
 */
export const submitReview = async (
  caller: { userId: string; email: string },
  templateId: string,
  input: z.input<typeof reviewInputSchema>,
): Promise<SubmitReviewResult> => {
  const { rating, review_text } = reviewInputSchema.parse(input);
  const template = await getApprovedTemplateItem(templateId);
  if (template.seller_id === caller.userId) throw new ForbiddenError(OWN_TEMPLATE_REVIEW_MESSAGE);
  const [profile, verified] = await Promise.all([
    getProfile(caller.userId),
    isVerifiedReviewer(caller.userId, template.id),
  ]);
  if (!profile) throw new NotFoundError('User profile not found.');
  // Anyone can start a beta account, so its opinion would be free to multiply.
  if (profile.beta_expires_at !== null) throw new ForbiddenError(REVIEW_MESSAGES.betaAccount);

  let codes: unknown;
  const refused = (attempt: number) =>
    reviewRefused(
      { message: 'Review transaction cancelled', mvpId: templateId, codes, attempt },
      REVIEW_MESSAGES.submitFailed,
    );
  return retry(
    async (attempt) => {
      const previous = await getReview(template.id, caller.userId);
      const now = new Date().toISOString();
      const review: ReviewItem = {
        mvp_id: template.id,
        user_id: caller.userId,
        id: previous?.id ?? ulid(),
        rating,
        review_text,
        is_verified_buyer: verified,
        user_email: profile.email || caller.email,
        user_username: profile.username ?? undefined,
        user_display_name: profile.display_name ?? undefined,
        created_at: previous?.created_at ?? now,
        // Strictly later than the replaced one, so the next condition always sees a change.
        updated_at: previous && previous.updated_at >= now ? bump(previous.updated_at) : now,
      };
      const delta = ratingDelta(review, previous);
      const outcome = await upsertReview({
        review,
        previous,
        with: {
          mvp: rateWrite(template.id, delta.sum, delta.count),
          // Only a first review notifies the seller; a replacement does not.
          notification: previous
            ? null
            : notificationWrites(
                {
                  userId: template.seller_id,
                  type: 'new_review',
                  message: `Your MVP "${template.title}" received a ${rating}-star review.`,
                  link: `/mvp/${template.id}`,
                },
                review.updated_at,
              ),
        },
      });
      if (!outcome.canceled)
        return {
          message: REVIEW_MESSAGES.submitted,
          review: toPublicReview(review),
          created: !previous,
        };

      if (outcome.failed('mvp') === 'ConditionalCheckFailed') {
        throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
      }
      codes = outcome.codes;
      if (!lostRace(outcome)) throw refused(attempt);
      return RETRY;
    },
    { ...REVIEW_RETRIES, exhausted: () => refused(REVIEW_RETRIES.attempts) },
  );
};

/**
 * Deletes the caller's review of a template and takes its rating out of the sums in the same
 * transaction; a concurrent edit of the same review is retried against the fresh one.
 */
export const deleteMyReview = async (
  userId: string,
  templateId: string,
): Promise<DeleteReviewResult> => {
  const template = await getApprovedTemplateItem(templateId);
  let codes: unknown;
  const refused = (attempt: number) =>
    reviewRefused(
      { message: 'Review deletion cancelled', mvpId: templateId, codes, attempt },
      REVIEW_MESSAGES.deleteFailed,
    );
  return retry(
    async (attempt) => {
      const previous = await getReview(template.id, userId);
      if (!previous) throw new NotFoundError(REVIEW_MESSAGES.noReview);
      const delta = ratingDelta(null, previous);
      const outcome = await deleteReview({
        previous,
        now: new Date().toISOString(),
        with: { mvp: delta.count === 0 ? null : rateWrite(template.id, delta.sum, delta.count) },
      });
      if (!outcome.canceled) return { message: REVIEW_MESSAGES.deleted };
      codes = outcome.codes;
      if (!lostRace(outcome)) throw refused(attempt);
      return RETRY;
    },
    { ...REVIEW_RETRIES, exhausted: () => refused(REVIEW_RETRIES.attempts) },
  );
};

/** One millisecond after an ISO time. */
const bump = (iso: string): string => new Date(Date.parse(iso) + 1).toISOString();

/**
 * Reviews that arrive whole (the local demo data), written as they are when absent. Their
 * ratings are already in the template's sums (the templates import carries them), so no counter
 * moves here.
 */
export const importReviews = async (reviews: readonly ReviewItem[]): Promise<void> => {
  for (const review of reviews) {
    if (await getReview(review.mvp_id, review.user_id)) continue;
    await putReview(review);
  }
};
