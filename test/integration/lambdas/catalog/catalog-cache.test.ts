/**
 * The browse cache: a warm Lambda serves browse from memory and reloads only when the catalog
 * version moved (or, once, when its load may have raced the GSI right after a bump).
 */
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import { bumpCatalogVersion, GSI_SETTLE_MS } from '../../../../lambdas/catalog/service';
import type { BrowseResult } from '../../../../lambdas/shared/contracts/catalog';
import { CatalogVersionEntity } from '../../../../lambdas/shared/db/entities/catalog-version';
import { MvpEntity } from '../../../../lambdas/shared/db/entities/mvp';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { mvpItem } from '../../../fixtures/mvps';

const total = async () => {
  const result = await handler(apiEvent({ path: '/api/mvps' }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result).total;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, GSI_SETTLE_MS + 200));

describe('catalog version', () => {
  it('counts up atomically from nothing', async () => {
    const versions = await Promise.all(Array.from({ length: 5 }, () => bumpCatalogVersion()));
    expect(versions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const { data } = await CatalogVersionEntity.get({ name: 'catalog' }).go();
    expect(data?.version).toBe(5);
  });
});

describe('browse cache', () => {
  it('keeps serving the loaded catalog until the version is bumped', async () => {
    await Promise.all([mvpItem(), mvpItem()].map((item) => MvpEntity.create(item).go()));
    await bumpCatalogVersion();
    await settle();
    expect(await total()).toBe(2);

    // Written but not announced: a warm Lambda does not see it (this proves browse is cached)...
    const late = mvpItem();
    await MvpEntity.create(late).go();
    expect(await total()).toBe(2);
    // ...while the detail page, which reads the table directly, does.
    const detail = await handler(apiEvent({ path: `/api/mvps/${late.id}` }), lambdaContext());
    expect(detail.statusCode).toBe(200);

    // Announced: the next request reloads.
    await bumpCatalogVersion();
    expect(await total()).toBe(3);

    // A template leaving the catalog is a change too.
    await MvpEntity.patch({ id: late.id })
      .set({ status: 'archived', updated_at: new Date().toISOString() })
      .go();
    await bumpCatalogVersion();
    expect(await total()).toBe(2);
  });

  it('reloads once more after the settle window when it loaded right after a bump', async () => {
    await bumpCatalogVersion();
    const before = await total(); // loaded within the window: might have raced the GSI
    await MvpEntity.create(mvpItem()).go(); // stands in for a write the GSI had not shown yet
    await settle();
    expect(await total()).toBe(before + 1);
    // Once settled it is trusted again.
    await MvpEntity.create(mvpItem()).go();
    expect(await total()).toBe(before + 1);
  });
});
