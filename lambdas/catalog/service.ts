/**
 * Catalog rules: browse and detail of approved templates, and the catalog version writers bump.
 *
 * Browse is served from memory. Each Lambda container keeps the approved catalog as compact,
 * pre-sorted records (`browse.ts`) and checks one small counter item per request (a strongly
 * consistent GetItem). Every write that changes the approved catalog (approve, publish, edit,
 * archive, counters shown on cards) calls `bumpCatalogVersion()`; the next request anywhere sees the
 * new number and reloads the catalog from the `byStatus` index. A warm browse therefore costs one
 * GetItem plus an in-memory filter however many templates there are (issue 3: p95 ≤ 50 ms at
 * 10,000).
 *
 * One subtlety: the reload reads a GSI, which is only eventually consistent, so a reload right
 * after a bump might miss that very write. A catalog loaded within GSI_SETTLE_MS of the bump is
 * therefore loaded once more after that window; from then on it is trusted until the next bump.
 *
 * Seller names on cards are joined per page (at most 20 ids, one BatchGetItem) through the profiles
 * service, and remembered for SELLER_TTL_MS: a renamed seller shows on cards within a minute, while
 * busy browse traffic costs no extra reads. The detail page always reads its seller fresh.
 */
import {
  type BrowseQuery,
  type BrowseResult,
  type MvpDetail,
  type MvpSummary,
  type SellerSummary,
} from '../shared/contracts/catalog';
import { NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { getPublicSellerSummaries } from '../profiles/service';
import { browseCatalog, buildCatalogIndex, type CatalogIndex, type CatalogRecord } from './browse';
import {
  getCatalogVersion,
  getMvpById,
  averageRating,
  incrementCatalogVersion,
  listApprovedCatalogRecords,
  listApprovedRecordsOfSeller,
  listMvpVersions,
  type CatalogVersion,
  type MvpItem,
  type MvpVersionItem,
} from './repo';

export const MVP_NOT_FOUND_MESSAGE = 'MVP not found. It might not exist or is pending approval.';

/** How long a GSI may lag behind the table, generously; DynamoDB's is typically well under 1 s. */
export const GSI_SETTLE_MS = 2_000;
export const SELLER_TTL_MS = 60_000;
/**
 * Download and rating counters do not bump the catalog version (that would make every warm
 * container reload the whole catalog on every download), so a loaded catalog is also refreshed
 * when it is this old: cards show counters at most ten minutes stale (docs/data-model.md §5).
 */
export const CATALOG_MAX_AGE_MS = 10 * 60_000;

/** Preview keys live under `previews/` in the preview bucket, served same-origin (contract 4). */
export const previewUrl = (key: string): string => `/${key}`;

interface LoadedCatalog {
  version: number;
  loadedAt: number;
  /** Set when the load might predate the GSI catching up with the bump. */
  reloadAfter: number | null;
  index: CatalogIndex;
}

let loaded: LoadedCatalog | null = null;
let loading: Promise<LoadedCatalog> | null = null;

const isFresh = (catalog: LoadedCatalog, current: CatalogVersion, now: number): boolean =>
  catalog.version === current.version &&
  now - catalog.loadedAt < CATALOG_MAX_AGE_MS &&
  (catalog.reloadAfter === null || now < catalog.reloadAfter);

const loadCatalog = async (current: CatalogVersion): Promise<LoadedCatalog> => {
  const startedAt = Date.now();
  const records = await listApprovedCatalogRecords();
  const bumpedAt = current.updatedAt ? Date.parse(current.updatedAt) : Number.NaN;
  const settledAt = bumpedAt + GSI_SETTLE_MS;
  const catalog: LoadedCatalog = {
    version: current.version,
    loadedAt: startedAt,
    reloadAfter: Number.isFinite(settledAt) && startedAt < settledAt ? settledAt : null,
    index: buildCatalogIndex(records),
  };
  logger.info('Catalog loaded', {
    version: catalog.version,
    templates: catalog.index.size,
    ms: Date.now() - startedAt,
  });
  return catalog;
};

/**
 * The in-memory catalog, reloaded when the version moved. Concurrent callers in one container
 * (the local server runs handlers concurrently) share one reload.
 */
const currentCatalog = async (): Promise<CatalogIndex> => {
  const version = await getCatalogVersion();
  if (loaded && isFresh(loaded, version, Date.now())) return loaded.index;
  if (!loading) {
    loading = loadCatalog(version).finally(() => {
      loading = null;
    });
  }
  loaded = await loading;
  return loaded.index;
};

const sellerCache = new Map<string, { summary: SellerSummary; expiresAt: number }>();

const sellerSummaries = async (ids: readonly string[]): Promise<Map<string, SellerSummary>> => {
  const now = Date.now();
  const result = new Map<string, SellerSummary>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const cached = sellerCache.get(id);
    if (cached && cached.expiresAt > now) result.set(id, cached.summary);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const [id, summary] of await getPublicSellerSummaries(missing)) {
      sellerCache.set(id, { summary, expiresAt: now + SELLER_TTL_MS });
      result.set(id, summary);
    }
  }
  return result;
};

const anonymousSeller = (id: string): SellerSummary => ({ id, username: null, display_name: null });

const toSummary = (record: CatalogRecord, seller: SellerSummary): MvpSummary => ({
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
  demo_url: record.demo_url,
  github_url: record.github_url,
  published_at: record.published_at,
  version_number: record.version_number,
  seller,
});

/** A page of approved templates matching the query, with the exact total. */
export const listMvps = async (query: BrowseQuery): Promise<BrowseResult> => {
  const index = await currentCatalog();
  const page = browseCatalog(index, query);
  const sellers = await sellerSummaries(page.items.map((item) => item.seller_id));
  return {
    items: page.items.map((item) =>
      toSummary(item, sellers.get(item.seller_id) ?? anonymousSeller(item.seller_id)),
    ),
    total: page.total,
    page: query.page,
    pageSize: query.limit,
  };
};

const toDetail = (
  item: MvpItem,
  versions: readonly MvpVersionItem[],
  seller: SellerSummary,
): MvpDetail => ({
  ...toSummary(
    {
      ...item,
      category: item.category as CatalogRecord['category'],
      price: item.price ?? null,
      demo_url: item.demo_url ?? null,
      github_url: item.github_url ?? null,
      published_at: item.published_at ?? null,
      average_rating: averageRating(item.rating_sum, item.rating_count),
    },
    seller,
  ),
  description: item.description,
  features: item.features,
  stackblitz_link: item.stackblitz_link ?? null,
  changelog: item.changelog ?? null,
  version_history: versions.map((entry) => ({
    version_number: entry.version_number,
    ipfs_hash: entry.ipfs_hash ?? null,
    changelog: entry.changelog ?? null,
    uploaded_at: entry.uploaded_at,
    file_size: entry.file_size,
  })),
  file_size: item.file_size ?? null,
  created_at: item.created_at,
  updated_at: item.updated_at,
});

/**
 * One approved template with its seller. Anything else (unknown, pending, rejected, archived)
 * is the same 404, so the API does not reveal which templates exist but are not public.
 */
export const getMvp = async (id: string): Promise<MvpDetail> => {
  const item = await getMvpById(id);
  if (!item || item.status !== 'approved') throw new NotFoundError(MVP_NOT_FOUND_MESSAGE);
  const [versions, sellers] = await Promise.all([
    listMvpVersions(item.id),
    getPublicSellerSummaries([item.seller_id]),
  ]);
  return toDetail(item, versions, sellers.get(item.seller_id) ?? anonymousSeller(item.seller_id));
};

export type { MvpItem };

/**
 * The stored item of an approved template, for domains that act on one (downloads, reviews): they
 * need fields the public detail never shows (`file_key`, `seller_id`, `status`). Anything not
 * approved is the same 404 as the detail page.
 */
export const getApprovedMvpItem = async (id: string): Promise<MvpItem> => {
  const item = await getMvpById(id);
  if (!item || item.status !== 'approved') throw new NotFoundError(MVP_NOT_FOUND_MESSAGE);
  return item;
};

/** The derived average of a stored template (docs/data-model.md §3.3). */
export const averageRatingOf = (item: Pick<MvpItem, 'rating_sum' | 'rating_count'>): number =>
  averageRating(item.rating_sum, item.rating_count);

/**
 * Tells every browse cache that the approved catalog changed. Call it after any write that adds,
 * changes or removes an approved template, with the number of templates that entered (positive)
 * or left (negative) the catalog; the seed calls it once after seeding.
 */
export const bumpCatalogVersion = async (
  options: { approvedDelta?: number } = {},
): Promise<number> => (await incrementCatalogVersion(options.approvedDelta ?? 0)).version;

/**
 * A seller's approved templates as cards, newest first, with the exact rating sum and count over
 * them (the public seller page derives its average from these, not from rounded averages).
 */
export const listApprovedMvpsOfSeller = async (
  seller: SellerSummary,
): Promise<{ items: MvpSummary[]; ratingSum: number; ratingCount: number }> => {
  const rows = await listApprovedRecordsOfSeller(seller.id);
  return {
    items: rows.map((row) => toSummary(row.record, seller)),
    ratingSum: rows.reduce((sum, row) => sum + row.rating_sum, 0),
    ratingCount: rows.reduce((sum, row) => sum + row.rating_count, 0),
  };
};
