/**
 * Browse and detail through the catalog Lambda's handler, against DynamoDB Local: approved
 * templates only, every filter and sort, pages, the seller join, and 400s for bad input.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import type { TemplateItem } from '../../../../lambdas/catalog/repo';
import type { BrowseResult, TemplateDetail } from '../../../../contract/catalog';
import type { ApiErrorBody } from '../../../../contract/errors';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';

const SELLER_ID = 'seller-browse-1';
const SELLER_EMAIL = 'private-seller@example.com';

const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString();

const bulk = Array.from({ length: 25 }, (_, i) =>
  templateItem({
    seller_id: SELLER_ID,
    title: `Admin dashboard ${i}`,
    category: 'Dashboard',
    tech_stack: ['Node.js'],
    download_count: i * 3,
    // An average of (i % 5) + 0.5 from two ratings.
    rating_sum: 2 * ((i % 5) + 0.5),
    rating_count: 2,
    published_at: day(i),
  }),
);
const stripeKit = templateItem({
  seller_id: SELLER_ID,
  title: 'Stripe Billing Starter',
  category: 'SaaS',
  tech_stack: ['React', 'Vue.js', 'TypeScript'],
  access_tier: 'one_time_sale',
  price: 49,
  licensing_terms: 'premium_commercial',
  published_at: day(40),
});
const shop = templateItem({
  seller_id: SELLER_ID,
  title: 'Shopfront',
  tagline: 'A STRIPE-powered shop',
  category: 'E-commerce',
  tech_stack: ['React'],
  access_tier: 'one_time_sale',
  price: 15,
  licensing_terms: 'personal_use_only',
  published_at: day(41),
});
const portfolio = templateItem({
  seller_id: SELLER_ID,
  title: 'Portfolio Pro',
  category: 'Portfolio',
  tech_stack: ['Vue.js'],
  access_tier: 'free',
  published_at: day(42),
});
const approved = [...bulk, stripeKit, shop, portfolio];
const hidden = [
  templateItem({ seller_id: SELLER_ID, title: 'Stripe Hidden Pending', status: 'pending_review' }),
  templateItem({ seller_id: SELLER_ID, title: 'Stripe Rejected', status: 'rejected' }),
  templateItem({ seller_id: SELLER_ID, title: 'Stripe Archived', status: 'archived' }),
  templateItem({ seller_id: SELLER_ID, title: 'Stripe Scan Failed', status: 'scan_failed' }),
];

const call = (path: string, query?: Record<string, string | string[]>) =>
  handler(apiEvent({ path, query }), lambdaContext('catalog'));

const browse = async (query: Record<string, string | string[]> = {}) => {
  const result = await call('/api/mvps', query);
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result);
};

const titles = (result: BrowseResult) => result.items.map((item) => item.title).sort();

beforeAll(async () => {
  await putProfile({
    id: SELLER_ID,
    email: SELLER_EMAIL,
    username: 'acme',
    display_name: 'Acme Templates',
    role: 'seller',
    is_seller_approved: true,
    created_at: day(0),
    updated_at: day(0),
  });
  await Promise.all(
    [...approved, ...hidden].map((item: TemplateItem) => TemplateEntity.create(item).go()),
  );
  await bumpCatalogVersion();
});

describe('GET /api/mvps', () => {
  it('returns the first 20 approved templates, newest first, with the exact total', async () => {
    const result = await call('/api/mvps');
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({
      'content-type': 'application/json',
      // Anonymous: CloudFront may share it for 30 s, browsers always ask again.
      'cache-control': 'public, max-age=0, s-maxage=30',
    });
    const body = jsonBody<BrowseResult>(result);
    expect(body.total).toBe(approved.length);
    expect(body.items).toHaveLength(20);
    expect(body.page).toBe(0);
    expect(body.pageSize).toBe(20);
    expect(body.items.slice(0, 3).map((item) => item.title)).toEqual([
      'Portfolio Pro',
      'Shopfront',
      'Stripe Billing Starter',
    ]);
    const published = body.items.map((item) => item.published_at ?? '');
    expect(published).toEqual([...published].sort().reverse());
  });

  it('pages through every approved template exactly once, and nothing else', async () => {
    const first = await browse({ page: '0' });
    const second = await browse({ page: '1' });
    expect(second.items).toHaveLength(approved.length - 20);
    expect(second.page).toBe(1);
    const ids = [...first.items, ...second.items].map((item) => item.id).sort();
    expect(ids).toEqual(approved.map((item) => item.id).sort());
    expect((await browse({ page: '2' })).items).toEqual([]);
  });

  it('searches title and tagline case-insensitively, approved only', async () => {
    const result = await browse({ search: 'stripe' });
    expect(titles(result)).toEqual(['Shopfront', 'Stripe Billing Starter']);
    expect(result.total).toBe(2);
    expect(titles(await browse({ search: 'PORTFOLIO' }))).toEqual(['Portfolio Pro']);
  });

  it('filters by category', async () => {
    expect(titles(await browse({ category: 'SaaS' }))).toEqual(['Stripe Billing Starter']);
    expect((await browse({ category: 'Dashboard' })).total).toBe(25);
    expect((await browse({ category: 'all' })).total).toBe(approved.length);
  });

  it('filters by tech stack, requiring all selected, comma-joined or repeated', async () => {
    expect(titles(await browse({ tech_stack: 'React,Vue.js' }))).toEqual([
      'Stripe Billing Starter',
    ]);
    expect(titles(await browse({ tech_stack: ['React', 'Vue.js'] }))).toEqual([
      'Stripe Billing Starter',
    ]);
    expect(titles(await browse({ tech_stack: 'React' }))).toEqual([
      'Shopfront',
      'Stripe Billing Starter',
    ]);
  });

  it('filters by price range: free templates count as 0, subscription ones are left out', async () => {
    expect(titles(await browse({ min_price: '10' }))).toEqual([
      'Shopfront',
      'Stripe Billing Starter',
    ]);
    expect(titles(await browse({ min_price: '10', max_price: '20' }))).toEqual(['Shopfront']);
    // The free template and the 15 shop; the 25 subscription templates have no price of their own.
    expect(titles(await browse({ max_price: '20' }))).toEqual(['Portfolio Pro', 'Shopfront']);
    // A maximum of 0 is free templates only, never subscription ones.
    expect(titles(await browse({ max_price: '0' }))).toEqual(['Portfolio Pro']);
    expect(titles(await browse({ min_price: '0', max_price: '0' }))).toEqual(['Portfolio Pro']);
  });

  it('filters by how a template is had: Free, with a subscription, one-time purchase', async () => {
    expect(titles(await browse({ price: 'free' }))).toEqual(['Portfolio Pro']);
    expect((await browse({ price: 'subscription' })).total).toBe(bulk.length);
    expect(titles(await browse({ price: 'one_time_sale' }))).toEqual([
      'Shopfront',
      'Stripe Billing Starter',
    ]);
    expect(titles(await browse({ price: 'one_time_sale', max_price: '20' }))).toEqual([
      'Shopfront',
    ]);
    expect((await browse({ price: 'all' })).total).toBe(approved.length);
  });

  it('filters by licensing terms', async () => {
    expect(titles(await browse({ licensing_terms: 'personal_use_only' }))).toEqual(['Shopfront']);
    expect(titles(await browse({ licensing_terms: 'premium_commercial' }))).toEqual([
      'Stripe Billing Starter',
    ]);
  });

  it('sorts by downloads and by rating, descending', async () => {
    const byDownloads = await browse({ sort: 'download_count', category: 'Dashboard' });
    const downloads = byDownloads.items.map((item) => item.download_count);
    expect(downloads[0]).toBe(72);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));

    const byRating = await browse({ sort: 'average_rating' });
    const ratings = byRating.items.map((item) => item.average_rating);
    expect(ratings[0]).toBe(4.5);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('joins the seller without exposing their e-mail, and serves previews same-origin', async () => {
    const result = await call('/api/mvps', { search: 'shopfront' });
    const [item] = jsonBody<BrowseResult>(result).items;
    expect(item!.seller).toEqual({
      id: SELLER_ID,
      username: 'acme',
      display_name: 'Acme Templates',
    });
    expect(item!.preview_images).toEqual([`/${shop.preview_image_keys[0]}`]);
    expect(item!.preview_images[0]).toMatch(/^\/previews\//);
    expect(result.body).not.toContain(SELLER_EMAIL);
    expect(result.body).not.toContain('description');
  });

  it.each([
    [
      { sort: 'price' },
      'Sort must be one of relevance, published_at, download_count, average_rating.',
    ],
    [{ min_price: '-5' }, 'Minimum price must be a number of at least 0.'],
    [{ max_price: 'cheap' }, 'Maximum price must be a number of at least 0.'],
    [{ price: 'cheap' }, 'Price must be free, subscription or one_time_sale.'],
    [{ page: '-1' }, 'Page must be a whole number of at least 0.'],
    [{ category: 'Games' }, 'Unknown category.'],
    [{ tech_stack: 'React,Fortran' }, 'Unknown technology.'],
    [{ licensing_terms: 'gpl' }, 'Unknown licensing terms.'],
  ])('answers bad input %j with 400 and a clear message', async (query, message) => {
    const result = await call('/api/mvps', query);
    expect(result.statusCode).toBe(400);
    expect(result.headers).toMatchObject({ 'content-type': 'application/json' });
    const body = jsonBody<ApiErrorBody>(result);
    expect(body.message).toBe(message);
    expect(Object.values(body.fields ?? {})).toContain(message);
  });
});

describe('GET /api/mvps/{id}', () => {
  it('returns an approved template with its details and seller', async () => {
    const result = await call(`/api/mvps/${stripeKit.id}`);
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({ 'cache-control': 'public, max-age=0, s-maxage=30' });
    const detail = jsonBody<TemplateDetail>(result);
    expect(detail).toMatchObject({
      id: stripeKit.id,
      title: 'Stripe Billing Starter',
      description: stripeKit.description,
      features: stripeKit.features,
      price: 49,
      access_tier: 'one_time_sale',
      licensing_terms: 'premium_commercial',
      stackblitz_link: null,
      version_history: [],
      seller: { id: SELLER_ID, username: 'acme', display_name: 'Acme Templates' },
      preview_images: [`/${stripeKit.preview_image_keys[0]}`],
    });
    expect(result.body).not.toContain(SELLER_EMAIL);
  });

  it('accepts the id in lower case', async () => {
    const result = await call(`/api/mvps/${shop.id.toLowerCase()}`);
    expect(result.statusCode).toBe(200);
    expect(jsonBody<TemplateDetail>(result).id).toBe(shop.id);
  });

  it.each(hidden.map((item) => [item.status, item] as const))(
    'answers 404 for a %s template',
    async (_status, item) => {
      const result = await call(`/api/mvps/${item.id}`);
      expect(result.statusCode).toBe(404);
      expect(jsonBody(result)).toEqual({
        message: 'MVP not found. It might not exist or is pending approval.',
      });
    },
  );

  it('answers 404 for an unknown id', async () => {
    const result = await call('/api/mvps/01J00000000000000000000000');
    expect(result.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(
      'MVP not found. It might not exist or is pending approval.',
    );
  });

  it.each(['123', 'not-an-id', '01J9ZQ3V8K6M2N4P5R7S9T0VWU', `${stripeKit.id}0`])(
    'answers 400 for the malformed id %s',
    async (id) => {
      const result = await call(`/api/mvps/${id}`);
      expect(result.statusCode).toBe(400);
      expect(jsonBody(result)).toEqual({
        message: 'The template id is malformed.',
        fields: { id: 'The template id is malformed.' },
      });
    },
  );
});

describe('Cache-Control of browse and detail (CloudFront caches anonymous answers only)', () => {
  const signedIn = (path: string, query?: Record<string, string>) =>
    handler(
      apiEvent({ path, query, headers: { authorization: 'Bearer a-signed-in-browser' } }),
      lambdaContext('catalog'),
    );

  it('lets a CDN share anonymous browse and detail for 30 s, never a browser cache', async () => {
    for (const result of [
      await call('/api/mvps', { category: 'SaaS', page: '0' }),
      await call(`/api/mvps/${shop.id}`),
    ]) {
      expect(result.statusCode).toBe(200);
      expect(result.headers?.['cache-control']).toBe('public, max-age=0, s-maxage=30');
    }
  });

  it('marks every answer to a request with a token private and unstorable', async () => {
    for (const result of [
      await signedIn('/api/mvps', { category: 'SaaS' }),
      await signedIn(`/api/mvps/${shop.id}`),
    ]) {
      expect(result.statusCode).toBe(200);
      expect(result.headers?.['cache-control']).toBe('private, no-store');
    }
  });

  it('never lets a CDN keep an error (a template may be approved a moment later)', async () => {
    for (const result of [
      await call('/api/mvps/01J00000000000000000000000'),
      await call('/api/mvps', { sort: 'price' }),
      await signedIn(`/api/mvps/${hidden[0]!.id}`),
    ]) {
      expect(result.statusCode).toBeGreaterThanOrEqual(400);
      expect(result.headers?.['cache-control']).toBe('no-store');
    }
  });
});
