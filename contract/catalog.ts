/**
 * The catalog's vocabulary and the browse contract, shared by the API (validation) and the
 * frontend (filters, forms, URL state). Values and texts are the product's own.
 */
import type { SiteSettings } from './site-settings';
import * as z from 'zod';
import {
  ACCESS_TIERS,
  BROWSE_PAGE_SIZE,
  BROWSE_SORTS,
  LICENSING_TERMS,
  RELEVANCE_SORT,
  type AccessTier,
  type BrowseSort,
  type LicensingTerms,
} from './browse-options';
import type { SearchAids } from './search-aids';
import type { Severity } from './security';
import type { BuildOutcome, BuildPackageManager } from './design/build';

import { TEMPLATE_CATEGORIES, type TemplateCategory } from './categories';
export { TEMPLATE_CATEGORIES, type TemplateCategory } from './categories';
export {
  BROWSE_PAGE_SIZE,
  BROWSE_SORTS,
  BROWSE_TECH_STACKS,
  RELEVANCE_SORT,
  type BrowseSort,
  LICENSING_LABELS,
  LICENSING_TERMS,
  PRICE_FILTER_LABELS,
  PRICE_RANGE_HINT,
  SORT_LABELS,
  SORT_OPTIONS,
  type LicensingTerms,
  type SortOption,
} from './browse-options';

/** Tech-stack choices on upload and edit (34 values). */
export const TEMPLATE_TECH_STACKS = [
  'React',
  'Next.js',
  'Vue.js',
  'Angular',
  'Svelte',
  'Node.js',
  'Express',
  'FastAPI',
  'Django',
  'Flask',
  'TypeScript',
  'JavaScript',
  'Python',
  'PHP',
  'Go',
  'Tailwind CSS',
  'Bootstrap',
  'Material-UI',
  'Chakra UI',
  'Supabase',
  'Firebase',
  'MongoDB',
  'PostgreSQL',
  'MySQL',
  'Stripe',
  'PayPal',
  'Auth0',
  'Clerk',
  'NextAuth',
  'Vercel',
  'Netlify',
  'AWS',
  'Docker',
  'Kubernetes',
] as const;
export type TemplateTechStack = (typeof TEMPLATE_TECH_STACKS)[number];

/**
 * The other words people type for a technology (lowercase, as typed). Search treats each of them,
 * and the technology's own name with its punctuation and spaces removed (`nextjs`, `tailwindcss`),
 * as one term: `nextjs`, `next.js`, `Next` and `Next.js` all find the Next.js templates.
 */
export const TECH_SEARCH_SYNONYMS: Partial<Record<TemplateTechStack, readonly string[]>> = {
  'Next.js': ['next', 'next.js'],
  'Vue.js': ['vue', 'vue.js'],
  'Node.js': ['node', 'node.js'],
  'Tailwind CSS': ['tailwind'],
  'Material-UI': ['mui', 'material-ui', 'material'],
  'Chakra UI': ['chakra'],
  PostgreSQL: ['postgres', 'psql'],
  MongoDB: ['mongo'],
  TypeScript: ['ts'],
  JavaScript: ['js'],
  NextAuth: ['next-auth', 'authjs'],
  Go: ['golang'],
  Kubernetes: ['k8s'],
  FastAPI: ['fast-api'],
};

export { ACCESS_TIERS, type AccessTier } from './browse-options';

export const TEMPLATE_STATUSES = [
  'pending_review',
  'approved',
  'rejected',
  'scan_failed',
  'ipfs_pin_failed',
  'archived',
] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** Empty strings and `all` are "no filter". */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' || value.toLowerCase() === 'all' ? undefined : value))
  .optional();

const optionalPrice = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parsed = Number(value);
      if (!Number.isFinite(parsed) || parsed < 0) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number of at least 0.` });
        return z.NEVER;
      }
      return parsed;
    });

/**
 * `GET /api/mvps` query string. Multi-valued `tech_stack` arrives comma-joined (API Gateway joins
 * repeated parameters with commas); a template matches when it has every selected technology.
 */
export const browseQuerySchema = z
  .object({
    search: optionalText.pipe(z.string().max(100, 'Search text is too long.').optional()),
    category: optionalText.pipe(
      z.enum(TEMPLATE_CATEGORIES, { message: 'Unknown category.' }).optional(),
    ),
    tech_stack: z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean)
          : [],
      )
      .pipe(z.array(z.enum(TEMPLATE_TECH_STACKS, { message: 'Unknown technology.' })).max(34)),
    /** How the template is had: `free` (no price at all), `subscription` or `one_time_sale`. */
    price: optionalText.pipe(
      z
        .enum(ACCESS_TIERS, { message: 'Price must be free, subscription or one_time_sale.' })
        .optional(),
    ),
    min_price: optionalPrice('Minimum price'),
    max_price: optionalPrice('Maximum price'),
    licensing_terms: optionalText.pipe(
      z.enum(LICENSING_TERMS, { message: 'Unknown licensing terms.' }).optional(),
    ),
    /** Absent: the best matches first with search text, else the newest first. */
    sort: optionalText.pipe(
      z
        .enum(BROWSE_SORTS, {
          message: 'Sort must be one of relevance, published_at, download_count, average_rating.',
        })
        .optional(),
    ),
    page: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return 0;
        const parsed = Number(value);
        if (!Number.isInteger(parsed) || parsed < 0) {
          ctx.addIssue({ code: 'custom', message: 'Page must be a whole number of at least 0.' });
          return z.NEVER;
        }
        return parsed;
      }),
    limit: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return BROWSE_PAGE_SIZE;
        const parsed = Number(value);
        if (!Number.isInteger(parsed) || parsed < 1 || parsed > BROWSE_PAGE_SIZE) {
          ctx.addIssue({
            code: 'custom',
            message: `Limit must be a whole number from 1 to ${BROWSE_PAGE_SIZE}.`,
          });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  .refine(
    (query) =>
      query.min_price === undefined ||
      query.max_price === undefined ||
      query.min_price <= query.max_price,
    { message: 'Minimum price cannot be above the maximum price.', path: ['min_price'] },
  )
  // Relevance needs text: without it, the default order, as before search ranked.
  .transform((query) => {
    const sort: BrowseSort =
      query.sort !== undefined && query.sort !== RELEVANCE_SORT
        ? query.sort
        : query.search === undefined
          ? 'published_at'
          : RELEVANCE_SORT;
    return { ...query, sort };
  });
export type BrowseQuery = z.output<typeof browseQuerySchema>;

/** Template ids are ULIDs (26 Crockford base-32 characters). */
export const templateIdSchema = z
  .string()
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, 'The template id is malformed.')
  .transform((id) => id.toUpperCase());

export interface SellerSummary {
  id: string;
  username: string | null;
  display_name: string | null;
}

/** What a template card needs (template card). */
export interface TemplateSummary {
  id: string;
  title: string;
  tagline: string;
  slug: string;
  category: TemplateCategory;
  tech_stack: string[];
  price: number | null;
  access_tier: AccessTier;
  licensing_terms: LicensingTerms;
  average_rating: number;
  download_count: number;
  /** Same-origin URLs (`/previews/...`), served by CloudFront or the local server. */
  preview_images: string[];
  /**
   * The WebP renditions of each preview, index for index (`null` for one without: an SVG, an image
   * that could not be decoded, one not processed yet). Absent when no preview has any.
   */
  preview_renditions?: (PreviewRenditions | null)[];
  demo_url: string | null;
  /**
   * The source repository of a free template (its card's Source link); null for a paid one, whose
   * source only those whose licence covers it see, through their download status
   * (contract/downloads.ts, `repository_url`).
   */
  github_url: string | null;
  published_at: string | null;
  version_number: string;
  seller: SellerSummary;
  /**
   * The live version's worst known vulnerability when it is critical or high (the card's badge);
   * null otherwise, including when its dependencies were not checked yet.
   */
  security_badge: SecurityBadge | null;
  /**
   * The live version's build, as the card's badge says it ("Builds", "Build failed", "Not
   * built"): its outcome and the package manager it built with. Null when the live version has
   * no build yet (processed before builds existed, or its build still runs). The figures and
   * the reason are on the template page (`GET /api/mvps/{id}/build`, contract/builds.ts).
   */
  build: CardBuild | null;
}

/** A live version's build on its card (docs/data-model.md, "MVP (exists) and MvpVersion"). */
export interface CardBuild {
  outcome: BuildOutcome;
  /** Null when the build did not get as far as choosing one (no lock file, no package.json). */
  package_manager: BuildPackageManager | null;
}

/** The severities the card shows a badge for (BADGE_SEVERITIES in contract/security.ts). */
export type SecurityBadge = Extract<Severity, 'critical' | 'high'>;

/** The card's badge for a live version's worst severity (absent or null: no finding). */
export const securityBadgeOf = (severity: Severity | null | undefined): SecurityBadge | null =>
  severity === 'critical' || severity === 'high' ? severity : null;

export interface VersionEntry {
  version_number: string;
  ipfs_hash: string | null;
  changelog: string | null;
  uploaded_at: string;
  /** When the version went live (its upload date for versions from before this was recorded). */
  released_at: string;
  file_size: number;
}

/** `GET /api/mvps/{id}/versions`: the versions that went live, newest first. */
export interface TemplateVersionList {
  items: VersionEntry[];
}

/** The template detail page (template detail). */
export interface TemplateDetail extends TemplateSummary {
  description: string;
  features: string[];
  stackblitz_link: string | null;
  changelog: string | null;
  version_history: VersionEntry[];
  file_size: number | null;
  created_at: string;
  updated_at: string;
  /**
   * How the live version deploys (a site and its framework, or a repository only); null when it
   * was processed before detection (the deploy detects it then).
   */
  site_settings: SiteSettings | null;
}

/** With search text, also its completions and the page's matched words (search-aids.ts). */
export interface BrowseResult extends Partial<SearchAids> {
  items: TemplateSummary[];
  total: number;
  page: number;
  pageSize: number;
  /**
   * Only when nothing matched (total 0), the ways on (docs/architecture.md, "Search"): the search
   * spelt as the catalog spells it, which finds `total` templates with the same filters.
   */
  didYouMean?: { q: string; total: number };
  /** Only when nothing matched: the fewest filters to drop (query keys) for `total` results. */
  withoutFilters?: { total: number; removed: BrowseFilterKey[] };
  /** Only when nothing matched: the most downloaded templates of the nearest category. */
  nearby?: { category: TemplateCategory; templates: TemplateSummary[] };
}

/** The browse query's filters, by their query key. */
export type BrowseFilterKey = keyof Pick<
  BrowseQuery,
  'category' | 'tech_stack' | 'price' | 'min_price' | 'max_price' | 'licensing_terms'
>;

/** Preview keys live under `previews/` in the preview bucket, served same-origin (contract 4). */
export const previewUrl = (key: string): string => `/${key}`;

/** The widths, in pixels, of the WebP renditions made of each raster preview. */
export const RENDITION_WIDTHS = [400, 1200] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

/** Same-origin URLs of one preview's renditions, by width. */
export interface PreviewRenditions {
  w400: string;
  w1200: string;
}

/** A rendition's key: beside its original, named after it, so replacing the original drops both. */
export const renditionKey = (key: string, width: RenditionWidth): string => `${key}.w${width}.webp`;

/** The card's renditions for its preview keys, given the keys that have them (see above). */
export const previewRenditions = (
  keys: readonly string[],
  withRenditions: readonly string[] | undefined,
): { preview_renditions?: (PreviewRenditions | null)[] } => {
  const made = new Set(withRenditions ?? []);
  if (!keys.some((key) => made.has(key))) return {};
  return {
    preview_renditions: keys.map((key) =>
      made.has(key)
        ? {
            w400: previewUrl(renditionKey(key, 400)),
            w1200: previewUrl(renditionKey(key, 1200)),
          }
        : null,
    ),
  };
};
