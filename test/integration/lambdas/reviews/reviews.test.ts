/**
 * Reviews through the reviews Lambda's handler against DynamoDB Local: one review per buyer (a
 * second submission replaces it, its author reads and deletes it), exact rating sum and count over
 * verified reviews under concurrent submissions, edits and deletions, the verified-buyer flag
 * (download, order or deployment), beta accounts and sellers refused, the seller's notification,
 * privacy of the reviewer's e-mail, validation.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/reviews/index';
import type { ApiErrorBody } from '../../../../contract/errors';
import { publicHandleOf } from '../../../../contract/profile';
import {
  REVIEW_MESSAGES,
  ratingLabel,
  type ReviewList,
  type SubmitReviewResult,
} from '../../../../contract/reviews';
import { documentClient, tableName } from '../../../../lambdas/shared/db/client';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { ReviewEntity } from '../../../../lambdas/shared/db/entities/review';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { templateOrder } from '../../../fixtures/orders';
import { putProfile } from '../../../fixtures/profiles';

const SELLER = `seller-${randomUUID()}`;
const template = templateItem({ seller_id: SELLER, title: 'Review Kit' });
const pending = templateItem({ seller_id: SELLER, status: 'pending_review' });

const submit = (templateId: string, sub: string | undefined, body: unknown) =>
  handler(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${templateId}/reviews`,
      body,
      claims: sub ? idTokenClaims({ sub, email: `${sub}@example.com` }) : undefined,
    }),
    lambdaContext('reviews'),
  );

const mine = (templateId: string, sub: string, method: 'GET' | 'DELETE' = 'GET') =>
  handler(
    apiEvent({
      method,
      path: `/api/mvps/${templateId}/reviews/mine`,
      claims: idTokenClaims({ sub, email: `${sub}@example.com` }),
    }),
    lambdaContext('reviews'),
  );

/** A past download of `mvp` by `userId`: the evidence that makes their review verified. */
const download = async (userId: string, mvp: { id: string; title: string; slug: string }) => {
  const now = new Date().toISOString();
  await DownloadEntity.create({
    id: templateItem().id,
    user_id: userId,
    mvp_id: mvp.id,
    seller_id: SELLER,
    month_year: now.slice(0, 7),
    downloaded_at: now,
    version_number: '1.0.0',
    mvp_title: mvp.title,
    mvp_slug: mvp.slug,
  }).go();
};

/** A buyer with a profile and a download of `mvp`. */
const verifiedBuyer = async (mvp: { id: string; title: string; slug: string }) => {
  const buyer = `buyer-${randomUUID()}`;
  await putProfile({ id: buyer });
  await download(buyer, mvp);
  return buyer;
};

const list = (templateId: string) =>
  handler(apiEvent({ path: `/api/mvps/${templateId}/reviews` }), lambdaContext('reviews'));

const stored = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;

beforeAll(async () => {
  await Promise.all([TemplateEntity.create(template).go(), TemplateEntity.create(pending).go()]);
});

describe('POST /api/mvps/{id}/reviews', () => {
  it('creates a review, notifies the seller once, and replaces it on a second submission', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, username: 'reviewer_one' });
    await download(buyer, template);
    const first = await submit(template.id, buyer, { rating: 4, review_text: '  Solid kit.  ' });
    expect(first.statusCode).toBe(201);
    const created = jsonBody<SubmitReviewResult>(first);
    expect(created).toMatchObject({
      message: 'Review submitted successfully!',
      created: true,
      review: {
        reviewer: '@reviewer_one',
        rating: 4,
        review_text: 'Solid kit.',
        is_verified_buyer: true,
      },
    });

    const second = await submit(template.id, buyer, { rating: 2 });
    expect(second.statusCode).toBe(200);
    const replaced = jsonBody<SubmitReviewResult>(second);
    expect(replaced.created).toBe(false);
    expect(replaced.review.id).toBe(created.review.id);
    expect(replaced.review.review_text).toBeNull();

    const reviews = await ReviewEntity.query.byMvp({ mvp_id: template.id }).go();
    expect(reviews.data.filter((review) => review.user_id === buyer)).toHaveLength(1);
    const mvp = await stored(template.id);
    expect(mvp.rating_sum).toBe(2);
    expect(mvp.rating_count).toBe(1);
    expect(mvp.updated_at).toBe(template.updated_at);

    const notifications = await NotificationEntity.query.byUser({ user_id: SELLER }).go();
    expect(notifications.data.filter((n) => n.type === 'new_review')).toHaveLength(1);
    expect(notifications.data[0]!.link).toBe(`/mvp/${template.id}`);
  });

  it('keeps sum and count exact under concurrent submissions by many buyers and by one', async () => {
    const item = templateItem({ seller_id: SELLER, title: 'Busy Kit' });
    await TemplateEntity.create(item).go();
    const buyers = await Promise.all(Array.from({ length: 8 }, () => verifiedBuyer(item)));
    const ratings = buyers.map((_, i) => (i % 5) + 1);
    // Every buyer submits twice at once (two tabs): each still counts once, with one of the ratings.
    const results = await Promise.all(
      buyers.flatMap((buyer, i) => [
        submit(item.id, buyer, { rating: ratings[i] }),
        submit(item.id, buyer, { rating: ratings[i] }),
      ]),
    );
    expect(results.every((result) => [200, 201].includes(result.statusCode ?? 0))).toBe(true);
    expect(results.filter((result) => result.statusCode === 201)).toHaveLength(8);

    const mvp = await stored(item.id);
    expect(mvp.rating_count).toBe(8);
    expect(mvp.rating_sum).toBe(ratings.reduce((sum, rating) => sum + rating, 0));

    // Then each buyer changes their mind concurrently with the others.
    await Promise.all(buyers.map((buyer) => submit(item.id, buyer, { rating: 5 })));
    const after = await stored(item.id);
    expect(after.rating_count).toBe(8);
    expect(after.rating_sum).toBe(40);

    const listed = jsonBody<ReviewList>(await list(item.id));
    expect(listed.items).toHaveLength(8);
    expect(listed.average_rating).toBe(5);
    expect(listed.rating_count).toBe(8);
  });

  it('verifies a download, an order or a deployment, and averages verified reviews only', async () => {
    const item = templateItem({ seller_id: SELLER, title: 'Verified Kit' });
    await TemplateEntity.create(item).go();
    const [downloader, buyerOfOrder, deployer, stranger] = Array.from(
      { length: 4 },
      () => `buyer-${randomUUID()}`,
    );
    await Promise.all(
      [downloader, buyerOfOrder, deployer, stranger].map((id) => putProfile({ id: id! })),
    );
    await download(downloader!, item);
    await OrderEntity.create(templateOrder(buyerOfOrder!, item, 1_900)).go();
    const now = new Date().toISOString();
    await DeploymentEntity.create({
      id: templateItem().id,
      user_id: deployer!,
      mvp_id: item.id,
      repo_name: 'my-launch',
      status: 'completed',
      github_owner: 'deployer',
      mvp_title: item.title,
      mvp_slug: item.slug,
      created_at: now,
      updated_at: now,
    }).go();

    const verdict = async (id: string, rating: number) =>
      jsonBody<SubmitReviewResult>(await submit(item.id, id, { rating })).review.is_verified_buyer;
    expect(await verdict(downloader!, 5)).toBe(true);
    expect(await verdict(buyerOfOrder!, 4)).toBe(true);
    expect(await verdict(deployer!, 3)).toBe(true);
    expect(await verdict(stranger!, 1)).toBe(false);

    // The stranger's review is listed and marked, but not averaged.
    const listed = jsonBody<ReviewList>(await list(item.id));
    expect(listed.items).toHaveLength(4);
    expect(listed.rating_count).toBe(3);
    expect(listed.average_rating).toBe(4);
    expect(await stored(item.id)).toMatchObject({ rating_sum: 12, rating_count: 3 });

    // Once the stranger downloads it, their next save is verified and enters the average.
    await download(stranger!, item);
    expect(await verdict(stranger!, 2)).toBe(true);
    expect(await stored(item.id)).toMatchObject({ rating_sum: 14, rating_count: 4 });
  });

  it('refuses beta accounts with a clear message', async () => {
    const beta = `beta-${randomUUID()}`;
    await putProfile({
      id: beta,
      role: 'both',
      beta_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await download(beta, template);
    const result = await submit(template.id, beta, { rating: 5 });
    expect(result.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(REVIEW_MESSAGES.betaAccount);
    expect((await mine(template.id, beta)).statusCode).toBe(200);
    expect(jsonBody<{ review: unknown }>(await mine(template.id, beta)).review).toBeNull();
  });

  it('validates with the product’s messages', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer });
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 3.5 }, { rating: '4' }]) {
      const result = await submit(template.id, buyer, body);
      expect(result.statusCode).toBe(400);
      expect(jsonBody<ApiErrorBody>(result).message).toBe('Please select a rating.');
    }
    const long = await submit(template.id, buyer, { rating: 3, review_text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(long).message).toBe(REVIEW_MESSAGES.textTooLong);
    expect((await submit(template.id, buyer, undefined)).statusCode).toBe(400);
  });

  it('refuses anonymous callers, unapproved templates and sellers reviewing themselves', async () => {
    expect((await submit(template.id, undefined, { rating: 5 })).statusCode).toBe(401);
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer });
    expect((await submit(pending.id, buyer, { rating: 5 })).statusCode).toBe(404);
    await putProfile({ id: SELLER });
    const own = await submit(template.id, SELLER, { rating: 5 });
    expect(own.statusCode).toBe(403);
    expect(jsonBody<ApiErrorBody>(own).message).toBe('You cannot review your own template.');
  });
});

describe('GET and DELETE /api/mvps/{id}/reviews/mine', () => {
  it('shows the caller their own review, and deleting it keeps sum and count exact', async () => {
    const item = templateItem({ seller_id: SELLER, title: 'Editable Kit' });
    await TemplateEntity.create(item).go();
    const [author, other] = await Promise.all([verifiedBuyer(item), verifiedBuyer(item)]);
    const unverified = `buyer-${randomUUID()}`;
    await putProfile({ id: unverified });
    expect(jsonBody<{ review: unknown }>(await mine(item.id, author)).review).toBeNull();

    await submit(item.id, author, { rating: 5, review_text: 'First take.' });
    await submit(item.id, other, { rating: 3 });
    await submit(item.id, unverified, { rating: 1 });
    const own = await mine(item.id, author);
    expect(own.statusCode).toBe(200);
    expect(jsonBody<{ review: { rating: number; review_text: string } }>(own).review).toMatchObject(
      { rating: 5, review_text: 'First take.' },
    );

    // Edit: the sum moves by the difference, the count stays.
    await submit(item.id, author, { rating: 2, review_text: 'Second take.' });
    expect(await stored(item.id)).toMatchObject({ rating_sum: 5, rating_count: 2 });

    // Concurrent deletions of the same review: one succeeds, the other finds nothing to delete.
    const deletions = await Promise.all([
      mine(item.id, author, 'DELETE'),
      mine(item.id, author, 'DELETE'),
    ]);
    expect(deletions.map((result) => result.statusCode).sort()).toEqual([200, 404]);
    const deleted = deletions.find((result) => result.statusCode === 200)!;
    expect(jsonBody<{ message: string }>(deleted).message).toBe(REVIEW_MESSAGES.deleted);
    const missing = deletions.find((result) => result.statusCode === 404)!;
    expect(jsonBody<ApiErrorBody>(missing).message).toBe(REVIEW_MESSAGES.noReview);
    expect(await stored(item.id)).toMatchObject({ rating_sum: 3, rating_count: 1 });
    expect(jsonBody<{ review: unknown }>(await mine(item.id, author)).review).toBeNull();

    // An unverified review leaves the sums untouched when it goes.
    expect((await mine(item.id, unverified, 'DELETE')).statusCode).toBe(200);
    expect(await stored(item.id)).toMatchObject({ rating_sum: 3, rating_count: 1 });
    const listed = jsonBody<ReviewList>(await list(item.id));
    expect(listed.items).toHaveLength(1);

    // A new review after deleting counts again, once.
    await submit(item.id, author, { rating: 4 });
    expect(await stored(item.id)).toMatchObject({ rating_sum: 7, rating_count: 2 });
  });

  it('needs a signed-in caller and an approved template', async () => {
    const anonymous = await handler(
      apiEvent({ method: 'DELETE', path: `/api/mvps/${template.id}/reviews/mine` }),
      lambdaContext('reviews'),
    );
    expect(anonymous.statusCode).toBe(401);
    const buyer = await verifiedBuyer(template);
    expect((await mine(pending.id, buyer)).statusCode).toBe(404);
    expect((await mine(pending.id, buyer, 'DELETE')).statusCode).toBe(404);
  });
});

describe('GET /api/mvps/{id}/reviews', () => {
  it('lists newest first with the reviewer name or a generated handle, never the address', async () => {
    const item = templateItem({ seller_id: SELLER, title: 'Listed Kit' });
    await TemplateEntity.create(item).go();
    const named = `buyer-${randomUUID()}`;
    const unnamed = `buyer-${randomUUID()}`;
    await putProfile({ id: named, username: 'alice_dev' });
    await putProfile({ id: unnamed });
    await Promise.all([download(named, item), download(unnamed, item)]);
    await submit(item.id, named, { rating: 5, review_text: 'Great.' });
    await submit(item.id, unnamed, { rating: 3 });

    const result = await list(item.id);
    expect(result.statusCode).toBe(200);
    const body = jsonBody<ReviewList>(result);
    expect(body.items.map((review) => review.reviewer)).toEqual([
      publicHandleOf(unnamed),
      '@alice_dev',
    ]);
    expect(body.items[0]!.reviewer).toMatch(/^member-[0-9a-z]{7}$/);
    expect(result.body).not.toContain('***@');
    expect(result.body).not.toContain(`${unnamed}@example.com`);
    expect(result.body).not.toContain(`${named}@example.com`);
    expect(body.average_rating).toBe(4);
    expect((await list(pending.id)).statusCode).toBe(404);
  });

  it('keeps the global rating counters in step', async () => {
    const unverified = `buyer-${randomUUID()}`;
    await putProfile({ id: unverified });
    await submit(template.id, unverified, { rating: 1 });
    const sum = await CounterEntity.get({ name: 'rating_sum', bucket: 'all', shard: 0 }).go();
    const count = await CounterEntity.get({ name: 'rating_count', bucket: 'all', shard: 0 }).go();
    // Every review of this file's table, whatever the template (a scan filtered to reviews).
    const { Items = [] } = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':prefix': '$review_1' },
      }),
    );
    // Only verified reviews are counted, like the templates' own sums.
    const verified = Items.filter((review) => review.is_verified_buyer === true);
    expect(verified.length).toBeLessThan(Items.length);
    expect(count.data?.value).toBe(verified.length);
    expect(sum.data?.value).toBe(
      verified.reduce((total, review) => total + Number(review.rating), 0),
    );
  });
});

describe('rating labels', () => {
  it('are the product’s labels', () => {
    expect([5, 4, 3, 2, 1, 0].map(ratingLabel)).toEqual([
      'Excellent',
      'Great',
      'Good',
      'Fair',
      'Poor',
      'Poor',
    ]);
  });
});
