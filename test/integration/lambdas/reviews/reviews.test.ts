/**
 * Reviews through the reviews Lambda's handler against DynamoDB Local: one review per buyer (a
 * second submission replaces it), exact rating sum and count under concurrent submissions, the
 * verified-buyer flag, the seller's notification, privacy of the reviewer's e-mail, validation.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/reviews/index';
import type { ApiErrorBody } from '../../../../lambdas/shared/contracts/errors';
import { publicHandleOf } from '../../../../lambdas/shared/contracts/profile';
import {
  REVIEW_MESSAGES,
  ratingLabel,
  type ReviewList,
  type SubmitReviewResult,
} from '../../../../lambdas/shared/contracts/reviews';
import { documentClient, tableName } from '../../../../lambdas/shared/db/client';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { MvpEntity } from '../../../../lambdas/shared/db/entities/mvp';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { ReviewEntity } from '../../../../lambdas/shared/db/entities/review';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { mvpItem } from '../../../fixtures/mvps';
import { putProfile } from '../../../fixtures/profiles';

const SELLER = `seller-${randomUUID()}`;
const template = mvpItem({ seller_id: SELLER, title: 'Review Kit' });
const pending = mvpItem({ seller_id: SELLER, status: 'pending_review' });

const submit = (mvpId: string, sub: string | undefined, body: unknown) =>
  handler(
    apiEvent({
      method: 'POST',
      path: `/api/mvps/${mvpId}/reviews`,
      body,
      claims: sub ? idTokenClaims({ sub, email: `${sub}@example.com` }) : undefined,
    }),
    lambdaContext('reviews'),
  );

const list = (mvpId: string) =>
  handler(apiEvent({ path: `/api/mvps/${mvpId}/reviews` }), lambdaContext('reviews'));

const stored = async (id: string) => (await MvpEntity.get({ id }).go({ consistent: true })).data!;

beforeAll(async () => {
  await Promise.all([MvpEntity.create(template).go(), MvpEntity.create(pending).go()]);
});

describe('POST /api/mvps/{id}/reviews', () => {
  it('creates a review, notifies the seller once, and replaces it on a second submission', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, username: 'reviewer_one' });
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
        is_verified_buyer: false,
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
    const item = mvpItem({ seller_id: SELLER, title: 'Busy Kit' });
    await MvpEntity.create(item).go();
    const buyers = Array.from({ length: 8 }, () => `buyer-${randomUUID()}`);
    await Promise.all(buyers.map((buyer) => putProfile({ id: buyer })));
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

  it('flags verified buyers from their download history', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer });
    const now = new Date().toISOString();
    await DownloadEntity.create({
      id: mvpItem().id,
      user_id: buyer,
      mvp_id: template.id,
      seller_id: SELLER,
      month_year: now.slice(0, 7),
      downloaded_at: now,
      version_number: '1.0.0',
      mvp_title: template.title,
      mvp_slug: template.slug,
    }).go();
    const result = await submit(template.id, buyer, { rating: 5 });
    expect(jsonBody<SubmitReviewResult>(result).review.is_verified_buyer).toBe(true);
  });

  it('validates with the spec messages', async () => {
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
  });
});

describe('GET /api/mvps/{id}/reviews', () => {
  it('lists newest first with the reviewer name or a generated handle, never the address', async () => {
    const item = mvpItem({ seller_id: SELLER, title: 'Listed Kit' });
    await MvpEntity.create(item).go();
    const named = `buyer-${randomUUID()}`;
    const unnamed = `buyer-${randomUUID()}`;
    await putProfile({ id: named, username: 'alice_dev' });
    await putProfile({ id: unnamed });
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
    expect(count.data?.value).toBe(Items.length);
    expect(sum.data?.value).toBe(Items.reduce((total, review) => total + Number(review.rating), 0));
  });
});

describe('rating labels', () => {
  it('are the spec labels', () => {
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
