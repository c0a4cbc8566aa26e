/**
 * The browse snapshot: a new catalog container starts from one object in S3
 * and applies the changes made since from the table, instead of reading every approved template;
 * without a usable snapshot it reads the table as before. Counters (downloads, ratings) come from
 * the snapshot, which the scheduled task rewrites, and are never more than ten minutes stale.
 */
import { gunzipSync } from 'node:zlib';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../../lambdas/catalog/index';
import {
  CATALOG_MAX_AGE_MS,
  publishCatalogSnapshot,
  resetCatalogCache,
} from '../../../../lambdas/catalog/service';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import { SNAPSHOT_REFRESH_MS } from '../../../../lambdas/catalog/catalog-cache';
import { handler as publishTask } from '../../../../lambdas/catalog/tasks/publish-catalog-snapshot';
import { readCatalogSnapshot } from '../../../../lambdas/catalog/repo';
import {
  decodeCatalogSnapshot,
  encodeJsonCatalogSnapshot,
} from '../../../../lambdas/catalog/snapshot';
import { BINARY_SNAPSHOT_MAGIC } from '../../../../lambdas/catalog/snapshot-binary';
import {
  TEMPLATE_STATUSES,
  type BrowseResult,
  type TemplateSummary,
} from '../../../../contract/catalog';
import { TemplateEntity, type TemplateItem } from '../../../../lambdas/shared/db/entities/template';
import { logger } from '../../../../lambdas/shared/observability';
import { storageDesign } from '../../../../contract/design/storage-design';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { recordDynamoDbCommands } from '../../../fixtures/dynamodb-commands';
import { templateItem } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';

const browse = async (): Promise<BrowseResult> => {
  const result = await handler(apiEvent({ path: '/api/mvps' }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<BrowseResult>(result);
};
const ids = (result: BrowseResult) => result.items.map((item) => item.id).sort();
const card = (result: BrowseResult, id: string): TemplateSummary | undefined =>
  result.items.find((item) => item.id === id);

const s3 = () => createS3Client(localCloud().s3Endpoint);
const snapshotObject = () => ({
  Bucket: process.env.MVP_FILES_BUCKET!,
  Key: storageDesign.catalogSnapshotKey,
});

const now = () => new Date().toISOString();
/** A status change as the services write it: the status and a fresh `updated_at`. */
const moveTo = async (item: TemplateItem, status: TemplateItem['status']) => {
  await TemplateEntity.patch({ id: item.id }).set({ status, updated_at: now() }).go();
  await bumpCatalogVersion({ approvedDelta: status === 'approved' ? 1 : -1 });
};
/** A counter change as downloads write it: no `updated_at`, no bump. */
const setDownloads = (item: TemplateItem, count: number) =>
  TemplateEntity.patch({ id: item.id }).set({ download_count: count }).go();

// Last edited an hour ago: older than the minute of changes a catch-up re-reads to cover index
// lag, so their counters come from the snapshot alone.
const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
const first = templateItem({ title: 'First', updated_at: anHourAgo });
const second = templateItem({ title: 'Second', updated_at: anHourAgo });
const third = templateItem({ title: 'Third', updated_at: anHourAgo });
const pending = templateItem({ title: 'Pending', status: 'pending_review', updated_at: anHourAgo });

beforeAll(async () => {
  await Promise.all(
    [first, second, third, pending].map((item) => TemplateEntity.create(item).go()),
  );
  await bumpCatalogVersion({ approvedDelta: 3 });
});

describe('a new container without a usable snapshot', () => {
  it('loads the catalog from the table when there is no snapshot yet', async () => {
    await s3().send(new DeleteObjectCommand(snapshotObject()));
    resetCatalogCache();
    expect(ids(await browse())).toEqual([first.id, second.id, third.id].sort());
  });

  it('loads the table, with a warning, when the snapshot is unreadable', async () => {
    await s3().send(new PutObjectCommand({ ...snapshotObject(), Body: 'not a snapshot' }));
    const warn = vi.spyOn(logger, 'warn');
    try {
      resetCatalogCache();
      expect(ids(await browse())).toEqual([first.id, second.id, third.id].sort());
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('snapshot could not be read'),
        expect.objectContaining({ error: expect.stringContaining('CatalogSnapshotFormatError') }),
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe('the snapshot task', () => {
  it('writes every approved template, and only those, as a gzipped snapshot', async () => {
    const published = (await publishTask({ source: 'aws.events' })) as {
      templates: number;
      bytes: number;
    };
    expect(published.templates).toBe(3);
    const stored = await readCatalogSnapshot();
    if (stored === null || stored === 'unchanged') throw new Error('no snapshot was written');
    expect(stored.bytes.length).toBe(published.bytes);
    const snapshot = decodeCatalogSnapshot(stored.bytes);
    expect(snapshot.records.map((record) => record.id).sort()).toEqual(
      [first.id, second.id, third.id].sort(),
    );
    expect(snapshot.records.find((record) => record.id === first.id)).toMatchObject({
      title: 'First',
      seller_id: first.seller_id,
      preview_image_keys: first.preview_image_keys,
    });
  });
});

describe('a new container with a snapshot', () => {
  it('starts from the snapshot and applies what changed since, without reading the catalog', async () => {
    await publishCatalogSnapshot();
    // After the snapshot: a download (counters do not bump the version), an approval, an
    // archive and a brand-new approved template.
    await setDownloads(first, 500);
    await moveTo(pending, 'approved');
    await moveTo(second, 'archived');
    const fresh = templateItem({ title: 'Fresh' });
    await TemplateEntity.create(fresh).go();
    await bumpCatalogVersion({ approvedDelta: 1 });

    const commands = recordDynamoDbCommands();
    commands.clear();
    resetCatalogCache();
    const result = await browse();

    // Approved after the snapshot: shown. Archived after it: gone.
    expect(ids(result)).toEqual([first.id, third.id, pending.id, fresh.id].sort());
    // The counter is the snapshot's (it refreshes with the next snapshot, see below).
    expect(card(result, first.id)?.download_count).toBe(0);
    // One version read, one small query per status for the changes, and the seller names: the
    // approved partition was never read whole (every query is bounded by `updated_at`).
    const queries = commands.sent.filter((command) => command.name.includes('Query'));
    expect(queries).toHaveLength(TEMPLATE_STATUSES.length);
    expect(queries.every((query) => query.input.includes('BETWEEN'))).toBe(true);
    expect(commands.count('Get', 'name_catalog')).toBe(1);
  });
});

describe('counters in a warm container', () => {
  it('come from the newer snapshot once its own are five minutes old', async () => {
    await setDownloads(third, 100);
    await publishCatalogSnapshot();
    let skew = 0;
    resetCatalogCache({ now: () => Date.now() + skew });
    expect(card(await browse(), third.id)?.download_count).toBe(100);

    await setDownloads(third, 250);
    await publishCatalogSnapshot();
    skew += SNAPSHOT_REFRESH_MS - 10_000;
    expect(card(await browse(), third.id)?.download_count).toBe(100);
    skew += 10_000;
    expect(card(await browse(), third.id)?.download_count).toBe(250);
  });

  it('are read from the table when no newer snapshot came for ten minutes', async () => {
    await setDownloads(third, 300);
    await publishCatalogSnapshot();
    let skew = 0;
    resetCatalogCache({ now: () => Date.now() + skew });
    expect(card(await browse(), third.id)?.download_count).toBe(300);

    await setDownloads(third, 400);
    skew += SNAPSHOT_REFRESH_MS; // polls S3: nothing newer yet
    expect(card(await browse(), third.id)?.download_count).toBe(300);
    skew += CATALOG_MAX_AGE_MS - SNAPSHOT_REFRESH_MS;
    const warn = vi.spyOn(logger, 'warn');
    try {
      expect(card(await browse(), third.id)?.download_count).toBe(400);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('snapshot task'));
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a rollover of the snapshot format', () => {
  it('starts from a snapshot in the earlier JSON layout as it does from the binary one', async () => {
    resetCatalogCache();
    await publishCatalogSnapshot();
    const stored = await readCatalogSnapshot();
    if (stored === null || stored === 'unchanged') throw new Error('no snapshot was written');
    expect(gunzipSync(stored.bytes).toString('latin1', 0, 4)).toBe(BINARY_SNAPSHOT_MAGIC);
    resetCatalogCache();
    const fromBinary = await browse();

    // The object a container may still find while the task's first binary snapshot is not out.
    const json = encodeJsonCatalogSnapshot(decodeCatalogSnapshot(stored.bytes));
    await s3().send(new PutObjectCommand({ ...snapshotObject(), Body: json }));
    const commands = recordDynamoDbCommands();
    commands.clear();
    resetCatalogCache();
    const fromJson = await browse();

    expect(fromJson).toEqual(fromBinary);
    expect(fromJson.total).toBeGreaterThan(0);
    // Started from the object: only the bounded reads of the changes since, no full read.
    const queries = commands.sent.filter((command) => command.name.includes('Query'));
    expect(queries).toHaveLength(TEMPLATE_STATUSES.length);
    expect(queries.every((query) => query.input.includes('BETWEEN'))).toBe(true);
  });
});
