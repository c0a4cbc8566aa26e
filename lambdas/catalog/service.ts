/**
 * Catalog rules: browse and detail of approved templates, the catalog version writers bump, and
 * the catalog snapshot.
 *
 * Browse is served from memory. Each Lambda container keeps the approved catalog as compact,
 * pre-sorted records (`browse.ts`), started from the snapshot in S3 (`snapshot.ts`) and kept up
 * to date by `catalog-cache.ts`: at most one version check a second, and only the changed
 * templates read when the version moved. Every write that changes the approved catalog (approve,
 * publish, edit, archive) bumps the catalog version and stamps the template's `updated_at`; the
 * counters shown on cards (downloads, ratings) refresh with the snapshot, which the snapshot task
 * (`tasks/publish-catalog-snapshot.ts`) rewrites every few minutes. A warm browse therefore costs
 * no database read at all most of the time, whatever the catalog's size.
 *
 * Seller names on cards are joined per page (at most 20 ids, one BatchGetItem) through the profiles
 * service, and remembered for SELLER_TTL_MS: a renamed seller shows on cards within a minute, while
 * busy browse traffic costs no extra reads. While the table does not answer, browse shows the names
 * it remembers (or none) instead of waiting. The detail page always reads its seller fresh.
 */
import {
  previewRenditions,
  previewUrl,
  type BrowseQuery,
  type BrowseResult,
  type TemplateDetail,
  type TemplateSummary,
  securityBadgeOf,
  type SellerSummary,
  type TemplateVersionList,
  type VersionEntry,
} from '../../contract/catalog';
// From template-versions, not templates.ts (which re-exports it): templates.ts builds the upload
// and edit schemas, which the dozen functions importing this service would build at cold start.
import { isPublishedVersion } from '../../contract/template-versions';
import type { SiteSettings } from '../../contract/site-settings';
import { NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { getPublicSellerSummaries } from '../profiles/service';
import type { BrowsePage, CatalogRecord } from './browse';
import type { CatalogCache, CatalogCacheOptions, CatalogSources } from './catalog-cache';
import {
  catalogReadBudgetMs,
  CHANGES_TIMEOUT_MS,
  SNAPSHOT_TIMEOUT_MS,
  VERSION_CHECK_TIMEOUT_MS,
} from './catalog-timing';
import {
  getCatalogVersion,
  getTemplateById,
  averageRating,
  liveBuildOf,
  listApprovedCatalogRecords,
  listApprovedRecordsOfSeller,
  listCatalogChangesSince,
  listTemplateVersions,
  readCatalogSnapshot,
  writeCatalogSnapshot,
  type TemplateItem,
  type TemplateVersionItem,
} from './repo';

export { CATALOG_MAX_AGE_MS, GSI_SETTLE_MS, VERSION_CHECK_INTERVAL_MS } from './catalog-timing';
import { TEMPLATE_NOT_FOUND_MESSAGE } from './template-items';

export const SELLER_TTL_MS = 60_000;

/**
 * The records with their sellers' public names, which search indexes (the names on cards are
 * joined per page instead, see below). A seller renamed later is found by the new name once a
 * later snapshot or change of one of their templates carries it.
 */
const withSellerNames = async (records: CatalogRecord[]): Promise<CatalogRecord[]> => {
  if (records.length === 0) return records;
  let sellers: Map<string, SellerSummary>;
  try {
    sellers = await getPublicSellerSummaries(records.map((record) => record.seller_id));
  } catch (error) {
    // Search by seller name waits for the next read; the catalog itself does not.
    logger.warn('Seller names could not be read for search', {
      error: error instanceof Error ? error.name : String(error),
    });
    return records;
  }
  return records.map((record) => {
    const seller = sellers.get(record.seller_id);
    const name = [seller?.display_name, seller?.username].filter(Boolean).join(' ');
    return name === '' ? record : { ...record, seller_name: name };
  });
};

/** The browse cache's reads, each with a time budget of its own (see catalog-cache.ts). */
const catalogSources: CatalogSources = {
  readVersion: () =>
    getCatalogVersion({
      abortSignal: AbortSignal.timeout(catalogReadBudgetMs(VERSION_CHECK_TIMEOUT_MS)),
    }),
  readSnapshot: async (etag) => {
    const stored = await readCatalogSnapshot({
      ifNoneMatch: etag,
      abortSignal: AbortSignal.timeout(catalogReadBudgetMs(SNAPSHOT_TIMEOUT_MS)),
    });
    if (stored === null || stored === 'unchanged') return stored;
    const { decodeCatalogSnapshotColumns } = await import('./snapshot');
    return { snapshot: decodeCatalogSnapshotColumns(stored.bytes), etag: stored.etag };
  },
  listCatalog: async () => withSellerNames(await listApprovedCatalogRecords()),
  listChangesSince: async (since) => {
    const changes = await listCatalogChangesSince(since, {
      abortSignal: AbortSignal.timeout(catalogReadBudgetMs(CHANGES_TIMEOUT_MS)),
    });
    const named = await withSellerNames(changes.approved.map((change) => change.record));
    return {
      ...changes,
      approved: changes.approved.map((change, i) => ({ ...change, record: named[i]! })),
    };
  },
};

/**
 * The browse cache, made on the first browse: its code (columns, indexes, the snapshot's decoding)
 * loads then, not at start, because a dozen other functions import this service for one
 * template's read (docs/architecture.md, "Cold starts").
 */
let catalog: CatalogCache | null = null;
let catalogOptions: CatalogCacheOptions = {};

const browseCache = async (): Promise<CatalogCache> => {
  const { CatalogCache } = await import('./catalog-cache');
  catalog ??= new CatalogCache(catalogSources, catalogOptions);
  return catalog;
};

/**
 * Starts over as a new container would: an empty cache (and seller names), with its own clock or
 * check interval. For tests and the browse benchmark; production never calls it.
 */
export const resetCatalogCache = (options: CatalogCacheOptions = {}): void => {
  catalogOptions = options;
  catalog = null;
  sellerCache.clear();
};

const sellerCache = new Map<string, { summary: SellerSummary; expiresAt: number }>();

/**
 * Seller names of a page. Stale on error like the catalog: while the table does not answer, the
 * names remembered (even expired ones) are shown, and cards of other sellers show none.
 */
const sellerSummaries = async (ids: readonly string[]): Promise<Map<string, SellerSummary>> => {
  const now = Date.now();
  const result = new Map<string, SellerSummary>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const cached = sellerCache.get(id);
    if (cached && (cached.expiresAt > now || catalog?.degraded)) result.set(id, cached.summary);
    else missing.push(id);
  }
  if (missing.length === 0 || catalog?.degraded) return result;
  try {
    for (const [id, summary] of await getPublicSellerSummaries(missing)) {
      sellerCache.set(id, { summary, expiresAt: now + SELLER_TTL_MS });
      result.set(id, summary);
    }
  } catch (error) {
    logger.warn('Seller names could not be read; cards show the ones remembered', {
      error: error instanceof Error ? error.name : String(error),
    });
    for (const id of missing) {
      const cached = sellerCache.get(id);
      if (cached) result.set(id, cached.summary);
    }
  }
  return result;
};

const anonymousSeller = (id: string): SellerSummary => ({ id, username: null, display_name: null });

const toSummary = (record: CatalogRecord, seller: SellerSummary): TemplateSummary => ({
  id: record.id,
  title: record.title,
  tagline: record.tagline,
  slug: record.slug,
  category: record.category,
  tech_stack: record.tech_stack,
  price: record.price,
  access_tier: record.access_tier,
  licensing_terms: record.licensing_terms,
  average_rating: record.average_rating,
  download_count: record.download_count,
  preview_images: record.preview_image_keys.map(previewUrl),
  ...previewRenditions(record.preview_image_keys, record.preview_rendition_keys),
  demo_url: record.demo_url,
  // A paid template's source stays paid for: its repository only in its holders' download status.
  github_url: record.access_tier === 'free' ? record.github_url : null,
  published_at: record.published_at,
  version_number: record.version_number,
  seller,
  security_badge: record.security_badge ?? null,
  build: record.build ?? null,
});

/** The search counter (search-demand.ts), loaded by the first browse with search text. */
let searchDemand: typeof import('./search-demand') | null = null;

/**
 * Counts a browse's search for the sellers' and admins' lists, and writes the counts when they
 * are due: a failed write is logged and lost, never the browse's failure, and costs it at most
 * the flush's budget (search-demand.ts). A search that found nothing is counted under the
 * nearest category the empty page offers.
 */
const countSearch = async (query: BrowseQuery, page: BrowsePage, nearestCategory?: string) => {
  if (query.search !== undefined) {
    searchDemand ??= await import('./search-demand');
    searchDemand.countSearch({
      text: query.search,
      page: query.page,
      ...(query.category === undefined ? {} : { category: query.category }),
      total: page.total,
      resultCategories: page.items.map((item) => item.category),
      ...(nearestCategory === undefined ? {} : { nearestCategory }),
    });
  }
  await searchDemand?.flushSearchCountsIfDue();
};

/** A page of approved templates matching the query, with the exact total. */
export const listTemplates = async (query: BrowseQuery): Promise<BrowseResult> => {
  const index = await (await browseCache()).current();
  const { browseCatalog } = await import('./browse');
  const page = browseCatalog(index, query);
  // Nothing matched: the ways on (a corrected search, filters to drop, a nearby category), from
  // the same catalog in the same answer; a page with results skips this entirely.
  const help =
    page.total === 0 ? (await import('./empty-result')).suggestForEmptyResult(index, query) : {};
  const nearby = help.nearby?.templates ?? [];
  const [sellers] = await Promise.all([
    sellerSummaries([...page.items, ...nearby].map((item) => item.seller_id)),
    countSearch(query, page, help.nearby?.category),
  ]);
  const summaryOf = (item: CatalogRecord) =>
    toSummary(item, sellers.get(item.seller_id) ?? anonymousSeller(item.seller_id));
  return {
    items: page.items.map(summaryOf),
    total: page.total,
    page: query.page,
    pageSize: query.limit,
    ...page.searchAids,
    ...(help.didYouMean && { didYouMean: help.didYouMean }),
    ...(help.withoutFilters && { withoutFilters: help.withoutFilters }),
    ...(help.nearby && {
      nearby: { category: help.nearby.category, templates: nearby.map(summaryOf) },
    }),
  };
};

/**
 * The versions buyers see, newest first: only those that went live (a newer version still in
 * processing or review, failed, rejected or withdrawn is the seller's business), each dated by when
 * it went live.
 */
export const publishedHistory = (
  item: TemplateItem,
  versions: readonly TemplateVersionItem[],
): VersionEntry[] =>
  versions
    .filter((entry) => isPublishedVersion(entry, item.version_number))
    .map((entry) => ({
      version_number: entry.version_number,
      ipfs_hash: entry.ipfs_hash ?? null,
      changelog: entry.changelog ?? null,
      uploaded_at: entry.uploaded_at,
      released_at: entry.decided_at ?? entry.uploaded_at,
      file_size: entry.file_size,
    }));

const toDetail = (
  item: TemplateItem,
  versions: readonly TemplateVersionItem[],
  seller: SellerSummary,
): TemplateDetail => ({
  ...toSummary(
    {
      ...item,
      category: item.category as CatalogRecord['category'],
      price: item.price ?? null,
      demo_url: item.demo_url ?? null,
      github_url: item.github_url ?? null,
      published_at: item.published_at ?? null,
      average_rating: averageRating(item.rating_sum, item.rating_count),
      security_badge: securityBadgeOf(item.security_severity),
      build: liveBuildOf(item),
    },
    seller,
  ),
  description: item.description,
  features: item.features,
  stackblitz_link: item.stackblitz_link ?? null,
  changelog: item.changelog ?? null,
  version_history: publishedHistory(item, versions),
  file_size: item.file_size ?? null,
  created_at: item.created_at,
  updated_at: item.updated_at,
  site_settings: liveVersionOf(item, versions)?.site_settings ?? null,
});

/** The version row of the bundle the template serves (its file), if any. */
const liveVersionOf = (item: TemplateItem, versions: readonly TemplateVersionItem[]) =>
  item.file_key ? versions.find((version) => version.file_key === item.file_key) : undefined;

/**
 * How the template's live version deploys, as detected when it was processed; null for a version
 * processed before detection existed.
 */
export const getLiveSiteSettings = async (item: TemplateItem): Promise<SiteSettings | null> =>
  liveVersionOf(item, await listTemplateVersions(item.id))?.site_settings ?? null;

/**
 * One approved template with its seller. Anything else (unknown, pending, rejected, archived)
 * is the same 404, so the API does not reveal which templates exist but are not public.
 */
export const getTemplate = async (id: string): Promise<TemplateDetail> => {
  const item = await getTemplateById(id);
  if (!item || item.status !== 'approved') throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  const [versions, sellers] = await Promise.all([
    listTemplateVersions(item.id),
    getPublicSellerSummaries([item.seller_id]),
  ]);
  return toDetail(item, versions, sellers.get(item.seller_id) ?? anonymousSeller(item.seller_id));
};

export type { TemplateItem };

/** `GET /api/mvps/{id}/versions`: the published history of an approved template (404 otherwise). */
export const getTemplateVersions = async (id: string): Promise<TemplateVersionList> => {
  const item = await getTemplateById(id);
  if (!item || item.status !== 'approved') throw new NotFoundError(TEMPLATE_NOT_FOUND_MESSAGE);
  return { items: publishedHistory(item, await listTemplateVersions(item.id)) };
};

/** The derived average of a stored template (docs/data-model.md, section 3.3). */
export const averageRatingOf = (item: Pick<TemplateItem, 'rating_sum' | 'rating_count'>): number =>
  averageRating(item.rating_sum, item.rating_count);

export interface PublishedSnapshot {
  version: number;
  asOf: string;
  templates: number;
  /** Size of the stored (gzipped) object. */
  bytes: number;
}

/**
 * Writes the catalog snapshot new containers start from:
 * 1. note the time and the version (before reading: changes from then on are re-read by readers),
 * 2. read every approved template's card fields from the `byStatus` index,
 * 3. write them, columnar and gzipped, over the previous snapshot.
 * Run by the schedule (tasks/publish-catalog-snapshot.ts) and by the seed.
 */
export const publishCatalogSnapshot = async (): Promise<PublishedSnapshot> => {
  const asOf = new Date().toISOString();
  const { version } = await getCatalogVersion();
  const records = await withSellerNames(await listApprovedCatalogRecords());
  const { encodeCatalogSnapshot } = await import('./snapshot');
  const bytes = encodeCatalogSnapshot({ asOf, version, records });
  await writeCatalogSnapshot(bytes);
  const published = { version, asOf, templates: records.length, bytes: bytes.length };
  logger.info('Catalog snapshot published', { ...published });
  return published;
};

/** A seller's approved templates as cards, newest first (the public seller page). */
export const listApprovedTemplatesOfSeller = async (
  seller: SellerSummary,
): Promise<{ items: TemplateSummary[] }> => {
  const rows = await listApprovedRecordsOfSeller(seller.id);
  return { items: rows.map((row) => toSummary(row.record, seller)) };
};

export { listLiveTemplates } from './live-templates';
export {
  TEMPLATE_NOT_FOUND_MESSAGE,
  countDownloadWrite,
  getApprovedTemplateItem,
  getHeldTemplateItem,
  isTemplateListed,
  versionHistoryOf,
} from './template-items';
