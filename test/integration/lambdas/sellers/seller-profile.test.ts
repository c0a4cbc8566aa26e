/** `GET /api/sellers/{username}`: approved sellers only, their approved templates and stats. */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/sellers/index';
import type { ApiErrorBody } from '../../../../contract/errors';
import { SELLER_NOT_FOUND_MESSAGE, type PublicSellerProfile } from '../../../../contract/sellers';
import type { Role } from '../../../../contract/profile';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';

const getSeller = (username: string) =>
  handler(
    apiEvent({ path: `/api/sellers/${encodeURIComponent(username)}` }),
    lambdaContext('sellers'),
  );

const createProfile = async (role: Role, approved: boolean) => {
  const id = randomUUID();
  const username = `seller_${id.slice(0, 8)}`;
  const now = '2025-03-01T10:00:00.000Z';
  await putProfile({
    id,
    username,
    display_name: 'Shop Name',
    bio: 'We build templates.',
    website_url: 'https://shop.example.com',
    social_links: { github: 'https://github.com/shop' },
    role,
    is_seller_approved: approved,
    created_at: now,
    updated_at: now,
  });
  return { id, username };
};

describe('GET /api/sellers/{username}', () => {
  let seller: { id: string; username: string };

  beforeAll(async () => {
    seller = await createProfile('seller', true);
    await TemplateEntity.create(
      templateItem({
        seller_id: seller.id,
        status: 'approved',
        download_count: 10,
        rating_sum: 9,
        rating_count: 2,
      }),
    ).go();
    await TemplateEntity.create(
      templateItem({
        seller_id: seller.id,
        status: 'approved',
        download_count: 5,
        rating_sum: 4,
        rating_count: 1,
      }),
    ).go();
    // Not shown as a card, but its downloads and ratings happened: the seller figures count them.
    await TemplateEntity.create(
      templateItem({
        seller_id: seller.id,
        status: 'archived',
        download_count: 100,
        rating_sum: 1,
        rating_count: 1,
      }),
    ).go();
    await TemplateEntity.create(
      templateItem({ seller_id: seller.id, status: 'pending_review' }),
    ).go();
  });

  it('shows an approved seller with approved templates only, the seller figures, without e-mail', async () => {
    const result = await getSeller(seller.username.toUpperCase());
    expect(result.statusCode).toBe(200);
    const body = jsonBody<PublicSellerProfile>(result);
    expect(body).toMatchObject({
      id: seller.id,
      username: seller.username,
      display_name: 'Shop Name',
      website_url: 'https://shop.example.com',
      social_links: { github: 'https://github.com/shop' },
      member_since: '2025-03-01T10:00:00.000Z',
      // Over all the seller's templates (contract/seller-figures.ts): 10 + 5 + 100 downloads,
      // (9 + 4 + 1) / 4 verified ratings.
      stats: { mvp_count: 2, total_downloads: 115, average_rating: 3.5, rating_count: 4 },
    });
    expect(body.mvps).toHaveLength(2);
    expect(body.mvps.every((template) => template.seller.username === seller.username)).toBe(true);
    expect(result.body).not.toContain('@example.com');
  });

  it('answers 404 for unknown names, unapproved sellers and buyers', async () => {
    const pending = await createProfile('seller', false);
    const buyer = await createProfile('buyer', true);
    for (const name of ['nobody-here', pending.username, buyer.username]) {
      const result = await getSeller(name);
      expect(result.statusCode).toBe(404);
      expect(jsonBody<ApiErrorBody>(result).message).toBe(SELLER_NOT_FOUND_MESSAGE);
    }
  });

  it('shows an approved seller with no templates yet', async () => {
    const fresh = await createProfile('both', true);
    const body = jsonBody<PublicSellerProfile>(await getSeller(fresh.username));
    expect(body.stats).toEqual({
      mvp_count: 0,
      total_downloads: 0,
      average_rating: 0,
      rating_count: 0,
    });
    expect(body.mvps).toEqual([]);
  });
});
