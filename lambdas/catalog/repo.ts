/**
 * Catalog data access: one function per access pattern (docs/data-model.md, "mvps" and "Browse").
 */
import { CatalogVersionEntity } from '../shared/db/entities/catalog-version';
import { MvpEntity, type MvpItem } from '../shared/db/entities/mvp';
import { MvpVersionEntity, type MvpVersionItem } from '../shared/db/entities/mvp-version';
import type { CatalogRecord } from './browse';

export type { MvpItem, MvpVersionItem };

/**
 * The average rating, derived from the exact sum and count (docs/data-model.md §3.3), rounded to
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
  'demo_url',
  'github_url',
  'published_at',
  'version_number',
] as const;

/**
 * Every approved template, as browse records: the `byStatus` index (gsi2) queried page by page
 * until the end. Called only when the catalog version moved.
 */
export const listApprovedCatalogRecords = async (): Promise<CatalogRecord[]> => {
  const { data } = await MvpEntity.query
    .byStatus({ status: 'approved' })
    .go({ pages: 'all', attributes: [...CATALOG_ATTRIBUTES] });
  return data.map(toCatalogRecord);
};

type CatalogProjection = Pick<MvpItem, (typeof CATALOG_ATTRIBUTES)[number]>;

/**
 * M-seller: a seller's approved templates (the `bySeller` index, gsi1, filtered on status) as
 * browse records with their exact rating sums, for the public seller page.
 */
export const listApprovedRecordsOfSeller = async (
  sellerId: string,
): Promise<{ record: CatalogRecord; rating_sum: number; rating_count: number }[]> => {
  const { data } = await MvpEntity.query
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
  demo_url: item.demo_url ?? null,
  github_url: item.github_url ?? null,
  published_at: item.published_at ?? null,
  version_number: item.version_number,
});

/** One template by id, whatever its status. */
export const getMvpById = async (id: string): Promise<MvpItem | null> => {
  const { data } = await MvpEntity.get({ id }).go();
  return data;
};

/** The version history of a template, newest first (first 50; access pattern V1). */
export const listMvpVersions = async (mvpId: string): Promise<MvpVersionItem[]> => {
  const { data } = await MvpVersionEntity.query
    .byMvp({ mvp_id: mvpId })
    .go({ order: 'desc', limit: 50 });
  return data;
};

export interface CatalogVersion {
  version: number;
  /** When the counter last moved (ISO), or `null` before the first bump. */
  updatedAt: string | null;
}

const CATALOG_KEY = { name: 'catalog' } as const;

/** The catalog version counter; strongly consistent, so a bump is seen on the very next request. */
export const getCatalogVersion = async (): Promise<CatalogVersion> => {
  const { data } = await CatalogVersionEntity.get(CATALOG_KEY).go({ consistent: true });
  return { version: data?.version ?? 0, updatedAt: data?.updated_at ?? null };
};

/**
 * Atomically adds one to the catalog version (creating the counter on first use) and moves the
 * approved count by `approvedDelta` (templates that entered minus those that left the catalog).
 */
export const incrementCatalogVersion = async (approvedDelta = 0): Promise<CatalogVersion> => {
  const updatedAt = new Date().toISOString();
  const { data } = await CatalogVersionEntity.upsert(CATALOG_KEY)
    .add({ version: 1, approved_count: approvedDelta })
    .set({ updated_at: updatedAt })
    .go({ response: 'all_new' });
  return { version: data.version, updatedAt: data.updated_at ?? updatedAt };
};
