/**
 * Catalog data access: one function per access pattern (docs/data-model.md, "mvps" and "Browse").
 */
import { storageDesign } from '../../contract/design/storage-design';
import { config } from '../shared/config';
import { TEMPLATE_STATUSES, securityBadgeOf } from '../../contract/catalog';
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { TemplateEntity, type TemplateItem } from '../shared/db/entities/template';
import {
  TemplateVersionEntity,
  type TemplateVersionItem,
} from '../shared/db/entities/template-version';
import { s3 } from '../shared/storage/s3';
import type { CatalogRecord } from './browse';

export type { TemplateItem, TemplateVersionItem };

/**
 * The average rating, derived from the exact sum and count (docs/data-model.md, section 3.3), rounded to
 * two decimals for stable sorting and display.
 */
export const averageRating = (sum: number, count: number): number =>
  count === 0 ? 0 : Math.round((sum / count) * 100) / 100;

/** Only what browse needs: a projection keeps the reload of a large catalog small and fast. */
const CATALOG_ATTRIBUTES = [
  'id',
  'seller_id',
  'title',
  'slug',
  'tagline',
  'category',
  'tech_stack',
  'price',
  'access_tier',
  'licensing_terms',
  'rating_sum',
  'rating_count',
  'download_count',
  'preview_image_keys',
  'preview_rendition_keys',
  'demo_url',
  'github_url',
  'published_at',
  'version_number',
  'security_severity',
  // The builds of the live version and of the one on its way, and the file that says which is live.
  'live_build',
  'next_build',
  'file_key',
  // Indexed for search, not kept (the snapshot holds its terms).
  'description',
] as const;

/**
 * Every approved template, as browse records: the `byStatus` index (gsi2) queried page by page
 * until the end. Called only when the catalog version moved.
 */
export const listApprovedCatalogRecords = async (): Promise<CatalogRecord[]> => {
  const { data } = await TemplateEntity.query
    .byStatus({ status: 'approved' })
    .go({ pages: 'all', attributes: [...CATALOG_ATTRIBUTES] });
  return data.map(toCatalogRecord);
};

/**
 * M8c: every approved template's id, seller, title, live version number and the live version's
 * worst known severity (the daily security re-check's list of live versions, the admin's list of
 * live templates with advisories), every page of the `byStatus` index with five attributes.
 */
export const listLiveTemplateHeads = async (): Promise<
  Pick<TemplateItem, 'id' | 'seller_id' | 'title' | 'version_number' | 'security_severity'>[]
> => {
  const { data } = await TemplateEntity.query.byStatus({ status: 'approved' }).go({
    pages: 'all',
    attributes: ['id', 'seller_id', 'title', 'version_number', 'security_severity'],
  });
  return data;
};

type CatalogProjection = Pick<TemplateItem, (typeof CATALOG_ATTRIBUTES)[number]>;

/** Later than any `updated_at`: the upper bound of "changed since" queries. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';

/** What changed since a moment: templates now approved (as records), and those now elsewhere. */
export interface CatalogChangeSet {
  approved: { record: CatalogRecord; updatedAt: string }[];
  departed: { id: string; updatedAt: string }[];
}

/**
 * M8b: every template whose `updated_at` is at or after `since`, per status partition of the
 * `byStatus` index (gsi2, sort key `updated_at`): the approved ones as browse records, the others
 * as ids (they left the catalog, or never were in it). One query per status, in parallel; each
 * reads only the few items changed since, so bringing a catalog up to date costs a handful of
 * read units whatever its size. Every write that changes a card or moves a status sets
 * `updated_at` (docs/data-model.md, section 3.3), which is what makes this complete.
 */
export const listCatalogChangesSince = async (
  since: string,
  options: { abortSignal?: AbortSignal } = {},
): Promise<CatalogChangeSet> => {
  // An explicit upper bound keeps the range on MVP items: other entities share these partitions.
  const changed = (status: TemplateItem['status']) =>
    TemplateEntity.query
      .byStatus({ status })
      .between({ updated_at: since }, { updated_at: END_OF_TIME });
  const others = TEMPLATE_STATUSES.filter((status) => status !== 'approved');
  const [approved, ...departed] = await Promise.all([
    changed('approved').go({
      pages: 'all',
      attributes: [...CATALOG_ATTRIBUTES, 'updated_at'],
      ...options,
    }),
    ...others.map((status) =>
      changed(status).go({ pages: 'all', attributes: ['id', 'updated_at'], ...options }),
    ),
  ]);
  return {
    approved: approved.data.map((item) => ({
      record: toCatalogRecord(item),
      updatedAt: item.updated_at,
    })),
    departed: departed.flatMap(({ data }) =>
      data.map((item) => ({ id: item.id, updatedAt: item.updated_at })),
    ),
  };
};

/**
 * M-seller: a seller's approved templates (the `bySeller` index, gsi1, filtered on status) as
 * browse records with their exact rating sums, for the public seller page.
 */
export const listApprovedRecordsOfSeller = async (
  sellerId: string,
): Promise<{ record: CatalogRecord; rating_sum: number; rating_count: number }[]> => {
  const { data } = await TemplateEntity.query
    .bySeller({ seller_id: sellerId })
    .where((attr, op) => op.eq(attr.status, 'approved'))
    .go({ pages: 'all', order: 'desc', attributes: [...CATALOG_ATTRIBUTES] });
  return data.map((item) => ({
    record: toCatalogRecord(item),
    rating_sum: item.rating_sum,
    rating_count: item.rating_count,
  }));
};

const toCatalogRecord = (item: CatalogProjection): CatalogRecord => ({
  id: item.id,
  seller_id: item.seller_id,
  title: item.title,
  slug: item.slug,
  tagline: item.tagline,
  // Stored categories were validated against MVP_CATEGORIES on write.
  category: item.category as CatalogRecord['category'],
  tech_stack: item.tech_stack,
  price: item.price ?? null,
  access_tier: item.access_tier,
  licensing_terms: item.licensing_terms,
  average_rating: averageRating(item.rating_sum, item.rating_count),
  download_count: item.download_count,
  preview_image_keys: item.preview_image_keys,
  ...(item.preview_rendition_keys?.length
    ? { preview_rendition_keys: item.preview_rendition_keys }
    : {}),
  demo_url: item.demo_url ?? null,
  github_url: item.github_url ?? null,
  published_at: item.published_at ?? null,
  version_number: item.version_number,
  security_badge: securityBadgeOf(item.security_severity),
  build: liveBuildOf(item),
  description: item.description,
});

/**
 * The card's build: of the template's two build marks, the one of the version it serves (its
 * file); none when neither is (templates/live-build.ts).
 */
export const liveBuildOf = (
  item: Pick<TemplateItem, 'live_build' | 'next_build' | 'file_key'>,
): CatalogRecord['build'] => {
  const mark = [item.live_build, item.next_build].find(
    (candidate) => candidate !== undefined && candidate.file_key === item.file_key,
  );
  if (!mark || !item.file_key) return null;
  return { outcome: mark.outcome, package_manager: mark.package_manager ?? null };
};

/** One template by id, whatever its status. */
export const getTemplateById = async (id: string): Promise<TemplateItem | null> => {
  const { data } = await TemplateEntity.get({ id }).go();
  return data;
};

/** The version history of a template, newest first (first 50; access pattern V1). */
export const listTemplateVersions = async (templateId: string): Promise<TemplateVersionItem[]> => {
  const { data } = await TemplateVersionEntity.query
    .byMvp({ mvp_id: templateId })
    .go({ order: 'desc', limit: 50 });
  return data;
};

export interface CatalogVersion {
  version: number;
  /** When the counter last moved (ISO), or `null` before the first bump. */
  updatedAt: string | null;
}

const CATALOG_KEY = { name: 'catalog' } as const;

/**
 * C1: the catalog version counter; strongly consistent, so a bump is seen by the next check.
 * `abortSignal` gives the call a budget of its own (the browse cache serves from memory rather
 * than wait for a database that does not answer).
 */
export const getCatalogVersion = async (
  options: { abortSignal?: AbortSignal } = {},
): Promise<CatalogVersion> => {
  const { data } = await CatalogVersionEntity.get(CATALOG_KEY).go({ consistent: true, ...options });
  return { version: data?.version ?? 0, updatedAt: data?.updated_at ?? null };
};

/** The stored snapshot object (storage-design.ts), with its ETag for conditional reads. */
export interface StoredCatalogSnapshot {
  bytes: Uint8Array;
  etag: string | null;
}

/**
 * S1: the catalog snapshot object; `null` when there is none yet, `'unchanged'` when it is still
 * the one with ETag `ifNoneMatch` (a 304: nothing is transferred).
 */
export const readCatalogSnapshot = async (
  options: { ifNoneMatch?: string | null; abortSignal?: AbortSignal } = {},
): Promise<StoredCatalogSnapshot | 'unchanged' | null> => {
  const { sdk, client } = await s3();
  try {
    const result = await client.send(
      new sdk.GetObjectCommand({
        Bucket: config().MVP_FILES_BUCKET,
        Key: storageDesign.catalogSnapshotKey,
        ...(options.ifNoneMatch ? { IfNoneMatch: options.ifNoneMatch } : {}),
      }),
      options.abortSignal ? { abortSignal: options.abortSignal } : undefined,
    );
    const bytes = result.Body ? await result.Body.transformToByteArray() : new Uint8Array();
    return { bytes, etag: result.ETag ?? null };
  } catch (error) {
    const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if ($metadata?.httpStatusCode === 304 || name === 'NotModified') return 'unchanged';
    if (name === 'NoSuchKey' || name === 'NotFound') return null;
    throw error;
  }
};

/** S2: replaces the catalog snapshot object (one PUT: readers see the old one or the new one). */
export const writeCatalogSnapshot = async (bytes: Uint8Array): Promise<void> => {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: config().MVP_FILES_BUCKET,
      Key: storageDesign.catalogSnapshotKey,
      Body: bytes,
      ContentType: 'application/gzip',
    }),
  );
};

/**
 * M13: one more download of an approved template (a transaction item of the downloads domain).
 * The one write the catalog makes to a template: the download counter is the catalog's figure
 * (cards and the "most downloaded" order), and the downloads domain, which sits above templates,
 * reaches it here.
 */
export const countDownload = (templateId: string) =>
  TemplateEntity.patch({ id: templateId })
    .add({ download_count: 1 })
    .where(({ status }, { eq }) => eq(status, 'approved'));
