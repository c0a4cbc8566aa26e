/**
 * The browse cache: a warm Lambda serves browse from memory and reads changes only when the
 * catalog version moved (or, once more, when its read may have raced the GSI right after a bump).
 * It checks the version at most once a second: the tests move the cache's clock on by a second
 * (`nextCheck`) where they expect a check, instead of sleeping.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import {
  GSI_SETTLE_MS,
  resetCatalogCache,
  VERSION_CHECK_INTERVAL_MS,
} from '../../../../lambdas/catalog/service';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import type { BrowseResult } from '../../../../contract/catalog';
import { CatalogVersionEntity } from '../../../../lambdas/shared/db/entities/catalog-version';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { recordDynamoDbCommands } from '../../../fixtures/dynamodb-commands';
import { templateItem } from '../../../fixtures/template-fixtures';

const total = async () => {
  const result = await handler(apiEvent({ path: '/api/mvps' }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result).total;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, GSI_SETTLE_MS + 200));

/**
 * The cache's clock: real time, moved on by whole check intervals. Only a few seconds: the cache
 * compares its clock with the writers' timestamps (the GSI settle window), as in production.
 */
let skew = 0;
const nextCheck = () => {
  skew += VERSION_CHECK_INTERVAL_MS;
};

describe('catalog version', () => {
  it('counts up atomically from nothing', async () => {
    const versions = await Promise.all(Array.from({ length: 5 }, () => bumpCatalogVersion()));
    expect(versions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const { data } = await CatalogVersionEntity.get({ name: 'catalog' }).go();
    expect(data?.version).toBe(5);
  });
});

describe('browse cache', () => {
  // Each test is a new container.
  beforeEach(() => {
    skew = 0;
    resetCatalogCache({ now: () => Date.now() + skew });
  });

  it('keeps serving the loaded catalog until the version is bumped', async () => {
    await Promise.all(
      [templateItem(), templateItem()].map((item) => TemplateEntity.create(item).go()),
    );
    await bumpCatalogVersion();
    await settle();
    expect(await total()).toBe(2);

    // Written but not announced: a warm Lambda does not see it, even after checking the version
    // again (this proves browse is cached)...
    const late = templateItem();
    await TemplateEntity.create(late).go();
    nextCheck();
    expect(await total()).toBe(2);
    // ...while the detail page, which reads the table directly, does.
    const detail = await handler(apiEvent({ path: `/api/mvps/${late.id}` }), lambdaContext());
    expect(detail.statusCode).toBe(200);

    // Announced: the next version check (at most a second later) brings it in.
    await bumpCatalogVersion();
    nextCheck();
    expect(await total()).toBe(3);

    // A template leaving the catalog is a change too.
    await TemplateEntity.patch({ id: late.id })
      .set({ status: 'archived', updated_at: new Date().toISOString() })
      .go();
    await bumpCatalogVersion();
    nextCheck();
    expect(await total()).toBe(2);
  });

  it('reloads once more after the settle window when it loaded right after a bump', async () => {
    await total(); // a warm container
    await bumpCatalogVersion();
    nextCheck();
    const before = await total(); // read within the window: might have raced the GSI
    await TemplateEntity.create(templateItem()).go(); // stands in for a write the GSI had not shown yet
    await settle();
    expect(await total()).toBe(before + 1);
    // Once settled it is trusted again.
    await TemplateEntity.create(templateItem()).go();
    nextCheck();
    expect(await total()).toBe(before + 1);
  });
});

describe('version check', () => {
  it('reads the catalog version at most once a second per container, however many requests', async () => {
    const commands = recordDynamoDbCommands();
    const versionReads = () => commands.count('Get', 'name_catalog');
    let now = Date.now();
    resetCatalogCache({ now: () => now });
    await total(); // a new container: checks the version and loads the catalog
    commands.clear();

    // A busy second: 200 requests, no database read at all.
    for (let i = 0; i < 200; i += 1) await total();
    now += VERSION_CHECK_INTERVAL_MS - 1;
    await total();
    expect(versionReads()).toBe(0);
    expect(commands.sent).toEqual([]);

    // The next second: one check, then quiet again.
    now += 1;
    for (let i = 0; i < 200; i += 1) await total();
    expect(versionReads()).toBe(1);

    // Ten seconds of steady traffic: ten checks, for 1,000 requests.
    commands.clear();
    for (let second = 0; second < 10; second += 1) {
      now += VERSION_CHECK_INTERVAL_MS;
      for (let i = 0; i < 100; i += 1) await total();
    }
    expect(versionReads()).toBe(10);
    expect(commands.sent.every((command) => command.input.includes('name_catalog'))).toBe(true);
  });

  it('still sees a bump within a second', async () => {
    let now = Date.now();
    resetCatalogCache({ now: () => now });
    const before = await total();
    await TemplateEntity.create(templateItem()).go();
    await bumpCatalogVersion();
    now += VERSION_CHECK_INTERVAL_MS;
    expect(await total()).toBe(before + 1);
  });
});
