/**
 * A synthetic catalog for the browse bench: N approved templates of realistic size and text
 * (real-looking titles, taglines and descriptions of a few hundred characters from
 * search-data.ts, 4-6 features, 2-6 technologies) over 25 named sellers, the kind of changes a
 * catalog sees between two snapshots, and a reproducible mix of browse queries (search, category,
 * technologies, price, licence, sort, page).
 */
import {
  TEMPLATE_CATEGORIES,
  BROWSE_TECH_STACKS,
  LICENSING_TERMS,
  SORT_OPTIONS,
  securityBadgeOf,
} from '../../../contract/catalog';
import type { CatalogRecord } from '../../../lambdas/catalog/browse';
import { averageRating, liveBuildOf } from '../../../lambdas/catalog/repo';
import { bumpCatalogVersion } from '../../fixtures/catalog';
import { profileItem } from '../../fixtures/profiles';
import { TemplateEntity } from '../../../lambdas/shared/db/entities/template';
import { ProfileEntity } from '../../../lambdas/shared/db/entities/profile';
import { searchQueries, searchableTemplate, sellerNameOf } from './search-data';

/** A small deterministic generator, so every run benchmarks the same data and queries. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)]!;

const SELLERS = 25;

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A valid, unique ULID-shaped id for template number `index`. */
const ulidLike = (index: number): string => {
  let digits = '';
  for (let rest = index; digits.length < 23; rest = Math.floor(rest / 32)) {
    digits = CROCKFORD[rest % 32] + digits;
  }
  return `01K${digits}`;
};

/** Writers in parallel: DynamoDB Local takes batches concurrently, 100,000 items in a minute. */
const SEED_WRITERS = 8;

/** Puts items with SEED_WRITERS batch writers side by side. */
const putInParallel = async (
  items: Parameters<typeof TemplateEntity.batchPut>[0],
): Promise<void> => {
  const slice = Math.ceil(items.length / SEED_WRITERS);
  await Promise.all(
    Array.from({ length: SEED_WRITERS }, (_, writer) =>
      TemplateEntity.batchPut(items.slice(writer * slice, (writer + 1) * slice)),
    ),
  );
};

export type BenchTemplate = ReturnType<typeof benchTemplate>;

/** Writes the sellers and `size` approved templates, bumps the version, returns the templates. */
export const seedBenchCatalog = async (size: number): Promise<BenchTemplate[]> => {
  const next = random(42);
  const now = Date.parse('2026-06-01T00:00:00Z');
  const sellers = Array.from({ length: SELLERS }, (_, index) =>
    profileItem({
      id: `bench-seller-${index}`,
      email: `seller${index}@bench.local`,
      username: `seller${index}`,
      display_name: sellerNameOf(index),
      role: 'seller',
      is_seller_approved: true,
      created_at: new Date(now).toISOString(),
      updated_at: new Date(now).toISOString(),
    }),
  );
  await ProfileEntity.batchPut(sellers);

  const templates = Array.from({ length: size }, (_, index) => benchTemplate(next, now, index));
  await putInParallel(templates);
  await bumpCatalogVersion({ approvedDelta: size });
  return templates;
};

/**
 * The browse records of the catalog `seedBenchCatalog(size)` writes (the same generator and seed),
 * without a database: for the in-memory browse bench.
 */
export const benchCatalogRecords = (size: number): CatalogRecord[] => {
  const next = random(42);
  const now = Date.parse('2026-06-01T00:00:00Z');
  return Array.from({ length: size }, (_, index) => benchRecord(benchTemplate(next, now, index)));
};

/** A seeded template as the browse record the snapshot holds (what the snapshot task reads). */
export const benchRecord = (template: BenchTemplate): CatalogRecord => ({
  id: template.id,
  seller_id: template.seller_id,
  title: template.title,
  slug: template.slug,
  tagline: template.tagline,
  category: template.category,
  tech_stack: template.tech_stack,
  price: template.price ?? null,
  access_tier: template.access_tier,
  licensing_terms: template.licensing_terms,
  average_rating: averageRating(template.rating_sum, template.rating_count),
  download_count: template.download_count,
  preview_image_keys: template.preview_image_keys,
  demo_url: null,
  github_url: null,
  published_at: template.published_at,
  version_number: template.version_number,
  security_badge: securityBadgeOf(template.security_severity),
  build: liveBuildOf(template),
  description: template.description,
  seller_name: `${sellerNameOf(Number(template.seller_id.slice('bench-seller-'.length)))} seller${template.seller_id.slice('bench-seller-'.length)}`,
});

/** Template number `index`, approved and published within the year before `now`. */
const benchTemplate = (next: () => number, now: number, index: number) => {
  const text = searchableTemplate(next);
  const title = text.title;
  const tech = text.tech_stack;
  const tier = pick(next, ['free', 'subscription', 'one_time_sale'] as const);
  const published = new Date(now - Math.floor(next() * 365) * 86_400_000).toISOString();
  const ratings = Math.floor(next() * 20);
  return {
    id: ulidLike(index + 1),
    seller_id: `bench-seller-${index % SELLERS}`,
    title,
    slug: `${title.toLowerCase().replace(/\s+/g, '-')}-${index}`,
    tagline: text.tagline,
    description: text.description,
    features: Array.from(
      { length: 4 + Math.floor(next() * 3) },
      (_, f) => `Feature ${f} of ${title}`,
    ),
    tech_stack: tech,
    category: text.category,
    preview_image_keys: [`previews/mvps/${index}/1.svg`, `previews/mvps/${index}/2.svg`],
    licensing_terms: pick(next, LICENSING_TERMS),
    status: 'approved' as const,
    version_number: '1.0.0',
    published_at: published,
    access_tier: tier,
    price: tier === 'one_time_sale' ? 10 + Math.floor(next() * 140) : undefined,
    download_count: Math.floor(next() * 5_000),
    rating_sum: ratings * (1 + Math.floor(next() * 5)),
    rating_count: ratings,
    created_at: published,
    updated_at: published,
    // One in 40 with a high finding, one in 200 critical: the card badge's column is not all
    // blanks (by index, so the other fields stay as they were).
    security_severity:
      index % 200 === 0 ? ('critical' as const) : index % 40 === 0 ? ('high' as const) : undefined,
    file_key: `bundles/bench/${index}.zip`,
    live_build: benchLiveBuild(index),
  };
};

/**
 * The card's build badge column with every kind of value (by index, so the other fields stay as
 * they were): most built, with each package manager; one in 10 failed, one in 7 not built, one in
 * 20 with no build yet.
 */
const benchLiveBuild = (index: number) => {
  if (index % 20 === 3) return undefined;
  const file_key = `bundles/bench/${index}.zip`;
  if (index % 10 === 1)
    return { file_key, outcome: 'failed' as const, package_manager: 'npm' as const };
  if (index % 7 === 2) return { file_key, outcome: 'not_built' as const };
  const managers = ['npm', 'npm', 'npm', 'pnpm', 'yarn', 'bun'] as const;
  return {
    file_key,
    outcome: 'built' as const,
    package_manager: managers[index % managers.length]!,
  };
};

/**
 * What happens to a catalog between two snapshots, through the same kind of writes the services
 * make (status and `updated_at` together, then a version bump): `count` templates approved,
 * `count` archived and `count` edited.
 */
export const changeBenchCatalog = async (size: number, count: number): Promise<void> => {
  const next = random(99);
  const now = new Date().toISOString();
  const approved = Array.from({ length: count }, (_, i) => ({
    ...benchTemplate(next, Date.now(), size + i),
    published_at: now,
    updated_at: now,
  }));
  await TemplateEntity.batchPut(approved);
  await bumpCatalogVersion({ approvedDelta: count });
  for (let i = 0; i < count; i += 1) {
    await TemplateEntity.patch({ id: ulidLike(1 + i * 7) })
      .set({ status: 'archived', updated_at: new Date().toISOString() })
      .go();
  }
  await bumpCatalogVersion({ approvedDelta: -count });
  for (let i = 0; i < count; i += 1) {
    await TemplateEntity.patch({ id: ulidLike(2 + i * 7) })
      .set({ tagline: `Edited after the snapshot ${i}`, updated_at: new Date().toISOString() })
      .go();
  }
  await bumpCatalogVersion();
};

/** `count` browse query strings: a realistic spread of what the filter panel sends. */
export const browseQueries = (count: number): Record<string, string>[] => {
  const next = random(7);
  const searches = searchQueries(100);
  return Array.from({ length: count }, () => {
    const query: Record<string, string> = { sort: pick(next, SORT_OPTIONS) };
    if (next() < 0.3) query.search = pick(next, searches);
    if (next() < 0.4) query.category = pick(next, TEMPLATE_CATEGORIES);
    if (next() < 0.3) query.tech_stack = pick(next, BROWSE_TECH_STACKS);
    if (next() < 0.2) query.max_price = String(20 + Math.floor(next() * 100));
    if (next() < 0.2) query.licensing_terms = pick(next, LICENSING_TERMS);
    query.page = String(next() < 0.6 ? 0 : Math.floor(next() * 10));
    return query;
  });
};
