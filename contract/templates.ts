/**
 * Templates as their seller manages them: the template form of upload and edit, new versions, and
 * the shapes My MVPs and the seller dashboard read. Texts are the
 * product's own.
 */
import type { GithubSyncFailure } from './github-sync-failure';
import type { SellerFigures } from './seller-figures';
import * as z from 'zod';
import {
  ACCESS_TIERS,
  LICENSING_TERMS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_TECH_STACKS,
  type AccessTier,
  type LicensingTerms,
  type TemplateStatus,
} from './catalog';
import { penceToPounds, toPence } from './money';
import { FILE_MESSAGES, MAX_PREVIEW_IMAGES, uploadedFileSchema } from './uploads';
import { RETRYABLE_VERSION_STATUSES, type PendingVersionSummary } from './template-versions';
import { text } from './text';

// The templates' messages (template-messages.ts, no schemas), read from here as well.
export { TEMPLATE_MESSAGES } from './template-messages';

// A template's versions: numbers, statuses and their texts (template-versions.ts), read from here
// as well by everyone who reads templates.
export {
  DEFAULT_VERSION,
  VERSION_BUMPS,
  bumpVersion,
  compareVersions,
  VERSION_STATUSES,
  VERSION_STATUS_LABELS,
  isPublishedVersion,
  IN_PROGRESS_VERSION_STATUSES,
  RETRYABLE_VERSION_STATUSES,
  WITHDRAWABLE_VERSION_STATUSES,
  VERSION_MESSAGES,
  versionNumberProblem,
  type VersionBump,
  type VersionStatus,
  type PendingVersionSummary,
} from './template-versions';

// The template form (upload and edit)

/** The highest one-time-sale price a template may ask, in pounds. */
export const TEMPLATE_PRICE_MAX_GBP = 10_000;

export const TEMPLATE_FORM_MESSAGES = {
  title: 'Title is required',
  tagline: 'Tagline is required',
  description: 'Description is required',
  category: 'Category is required',
  features: 'At least one feature is required',
  techStack: 'At least one technology is required',
  accessTier: 'Access tier is required',
  priceRequired: 'Price is required for one-time sale MVPs',
  pricePositive: 'Price must be a positive number',
  /** Our own text where the product fixes none: a sane ceiling for one template. */
  priceTooHigh: `Price can be at most £${TEMPLATE_PRICE_MAX_GBP.toLocaleString('en-GB')}`,
  url: 'Please enter a valid URL',
  stackblitz: 'Please enter a valid StackBlitz URL',
  versionRequired: 'Version number is required',
  versionFormat: 'Version number must look like 1.0.0',
  changelogRequired: 'Changelog is required for new versions',
} as const;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    // `localhost` too: the local demo's sites and repositories live there (lib/local/seed).
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      (url.hostname.includes('.') || url.hostname === 'localhost')
    );
  } catch (_error) {
    return false;
  }
};

/** Optional link: empty means none; otherwise an http(s) URL. */
const optionalUrl = (message: string, extra?: (url: URL) => boolean) =>
  z
    .string()
    .trim()
    .max(2_000, message)
    .optional()
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      if (!isHttpUrl(value) || (extra && !extra(new URL(value)))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });

const isStackBlitz = (url: URL) =>
  url.hostname === 'stackblitz.com' || url.hostname.endsWith('.stackblitz.com');

export const versionNumberSchema = z
  .string()
  .trim()
  .min(1, TEMPLATE_FORM_MESSAGES.versionRequired)
  .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, TEMPLATE_FORM_MESSAGES.versionFormat);

export const changelogSchema = text({ label: 'The changelog', multiline: true })
  .min(1, TEMPLATE_FORM_MESSAGES.changelogRequired)
  .max(5_000, 'Please keep the changelog under 5000 characters.');

/**
 * The descriptive fields of a template, as typed in the upload and edit forms. Blank feature rows
 * are dropped before the "at least one" rule; price is null unless the tier is one_time_sale.
 */
export const templateFieldsSchema = z
  .object({
    title: text({ label: 'Title' })
      .min(1, TEMPLATE_FORM_MESSAGES.title)
      .max(100, 'Title is too long.'),
    tagline: text({ label: 'Tagline' })
      .min(1, TEMPLATE_FORM_MESSAGES.tagline)
      .max(200, 'Tagline is too long.'),
    description: text({ label: 'Description', multiline: true })
      .min(1, TEMPLATE_FORM_MESSAGES.description)
      .max(10_000, 'Description is too long.'),
    category: z.enum(TEMPLATE_CATEGORIES, { message: TEMPLATE_FORM_MESSAGES.category }),
    features: z
      .array(text({ label: 'Each feature' }).max(200, 'Each feature must be under 200 characters.'))
      .transform((rows) => rows.map((row) => row.trim()).filter(Boolean))
      .pipe(
        z.array(z.string()).min(1, TEMPLATE_FORM_MESSAGES.features).max(20, 'At most 20 features.'),
      ),
    tech_stack: z
      .array(z.enum(TEMPLATE_TECH_STACKS, { message: 'Unknown technology.' }))
      .min(1, TEMPLATE_FORM_MESSAGES.techStack)
      .transform((items) => [...new Set(items)]),
    demo_url: optionalUrl(TEMPLATE_FORM_MESSAGES.url),
    github_url: optionalUrl(TEMPLATE_FORM_MESSAGES.url),
    stackblitz_link: optionalUrl(TEMPLATE_FORM_MESSAGES.stackblitz, isStackBlitz),
    licensing_terms: z.enum(LICENSING_TERMS).default('standard_commercial'),
    access_tier: z.enum(ACCESS_TIERS, { message: TEMPLATE_FORM_MESSAGES.accessTier }),
    /** A number, or the text typed in the price field; blank is none. */
    price: z.union([z.number(), z.string(), z.null()]).optional(),
  })
  .transform((fields, ctx) => {
    if (fields.access_tier !== 'one_time_sale') return { ...fields, price: null };
    const raw = typeof fields.price === 'string' ? fields.price.trim() : fields.price;
    if (raw === undefined || raw === null || raw === '') {
      ctx.addIssue({
        code: 'custom',
        message: TEMPLATE_FORM_MESSAGES.priceRequired,
        path: ['price'],
      });
      return z.NEVER;
    }
    // Rounded to whole pence first (step 0.01), then checked: "0.001" is 0p.
    const pence = toPence(raw);
    if (pence === null || pence < 1) {
      ctx.addIssue({
        code: 'custom',
        message: TEMPLATE_FORM_MESSAGES.pricePositive,
        path: ['price'],
      });
      return z.NEVER;
    }
    if (pence > TEMPLATE_PRICE_MAX_GBP * 100) {
      ctx.addIssue({
        code: 'custom',
        message: TEMPLATE_FORM_MESSAGES.priceTooHigh,
        path: ['price'],
      });
      return z.NEVER;
    }
    return { ...fields, price: penceToPounds(pence) };
  });
export type TemplateFieldsInput = z.input<typeof templateFieldsSchema>;
/** The template fields as the schema parses them: what the seller sent, checked. */
export type TemplateFieldValues = z.output<typeof templateFieldsSchema>;

/** `POST /api/mvps`: register an uploaded template. */
export const createTemplateBodySchema = z.object({
  uploadId: z.string().min(1).max(64),
  fields: templateFieldsSchema,
  bundle: uploadedFileSchema,
  images: z
    .array(uploadedFileSchema)
    .min(1, FILE_MESSAGES.imagesRequired)
    .max(MAX_PREVIEW_IMAGES, FILE_MESSAGES.tooManyImages),
});
export type CreateTemplateBody = z.input<typeof createTemplateBodySchema>;
export type CreateTemplateInput = z.output<typeof createTemplateBodySchema>;

/** `POST /api/mvps/{id}/versions`: a new version of an existing template. */
export const createVersionBodySchema = z.object({
  uploadId: z.string().min(1).max(64),
  version_number: versionNumberSchema,
  changelog: changelogSchema,
  bundle: uploadedFileSchema,
});
export type CreateVersionBody = z.input<typeof createVersionBodySchema>;
export type CreateVersionInput = z.output<typeof createVersionBodySchema>;

/** `PATCH /api/mvps/{id}`: the edit form; a replacement file and images are optional. */
export const updateTemplateBodySchema = z.object({
  uploadId: z.string().min(1).max(64).optional(),
  fields: templateFieldsSchema,
  version_number: versionNumberSchema,
  changelog: text({ label: 'The changelog', multiline: true })
    .max(5_000, 'Please keep the changelog under 5000 characters.')
    .optional()
    .nullable()
    .transform((value) => value || null),
  bundle: uploadedFileSchema.optional(),
  images: z
    .array(uploadedFileSchema)
    .max(MAX_PREVIEW_IMAGES, FILE_MESSAGES.tooManyImages)
    .optional(),
});
export type UpdateTemplateBody = z.input<typeof updateTemplateBodySchema>;
export type UpdateTemplateInput = z.output<typeof updateTemplateBodySchema>;

// What the seller reads back

/** Statuses a seller filters by on My MVPs (archived templates are not listed). */
export const MY_TEMPLATE_FILTERS = [
  { value: 'all', label: 'All MVPs' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending_review', label: 'Pending Review' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'scan_failed', label: 'Scan Failed' },
  { value: 'ipfs_pin_failed', label: 'IPFS Failed' },
] as const;

export const STATUS_LABELS: Record<TemplateStatus, string> = {
  pending_review: 'Pending Review',
  approved: 'Approved',
  rejected: 'Rejected',
  scan_failed: 'Scan Failed',
  ipfs_pin_failed: 'IPFS Failed',
  archived: 'Archived',
};

/** Statuses of a template whose processing stopped with a reason (last_processing_error). */
export const PROCESSING_FAILED_STATUSES: readonly TemplateStatus[] = [
  'scan_failed',
  'ipfs_pin_failed',
];

/**
 * Statuses from which the seller may retry processing: a failure on our side (reading or pinning
 * the file), which a retry of the same file can end otherwise. A scan refusal (scan_failed) is
 * about the file's contents: the same file is refused again, so its seller uploads a corrected
 * version.
 */
export const RETRYABLE_STATUSES: readonly TemplateStatus[] = ['ipfs_pin_failed'];

/**
 * Whether Retry can change the outcome of the failure it would retry: a live template's newer
 * version when it has one, else the template's own processing.
 */
export const isRetryable = (template: {
  status: TemplateStatus;
  pending_version?: Pick<PendingVersionSummary, 'status'> | null;
}): boolean =>
  template.pending_version
    ? RETRYABLE_VERSION_STATUSES.includes(template.pending_version.status)
    : RETRYABLE_STATUSES.includes(template.status);

/**
 * The fields a template always has, as stored and as its seller sees them. The stored item
 * (lambdas/shared/db/entities/template.ts) is built from these two shapes, so a field is declared once.
 */
export interface TemplateFields {
  id: string;
  seller_id: string;
  title: string;
  slug: string;
  tagline: string;
  description: string;
  features: string[];
  tech_stack: string[];
  category: string;
  status: TemplateStatus;
  version_number: string;
  licensing_terms: LicensingTerms;
  access_tier: AccessTier;
  download_count: number;
  created_at: string;
  updated_at: string;
}

/** The fields a template has only when set: `null` in the API, absent on the stored item. */
export interface TemplateOptionalFields {
  changelog: string | null;
  ipfs_hash: string | null;
  previous_ipfs_hash: string | null;
  file_size: number | null;
  original_file_name: string | null;
  demo_url: string | null;
  github_url: string | null;
  stackblitz_link: string | null;
  price: number | null;
  last_processing_error: string | null;
  published_at: string | null;
}

/** A template as its owner (or an admin) sees it: every status, the processing error, the files. */
export interface ManagedTemplate extends TemplateFields, TemplateOptionalFields {
  preview_images: string[];
  average_rating: number;
  /** A newer version of this live template in processing or review, or stopped with a reason. */
  pending_version: PendingVersionSummary | null;
  /**
   * Whether Retry is offered: the failure (the template's, or its newer version's) happened on our
   * side and a retry of the same file can end otherwise (`isRetryable`). False for a file the
   * security scan refused, which needs a corrected version.
   */
  retryable: boolean;
  /** Edits of this live template waiting for an admin (moderation), or rejected with a reason. */
  pending_edit: PendingEditView | null;
  /**
   * The linked GitHub repository, never its webhook secret; null when none. `sync_failure`: the
   * last sync's failure with its reason, until a sync succeeds.
   */
  github: {
    owner: string;
    name: string;
    last_synced_sha: string | null;
    sync_failure: GithubSyncFailure | null;
  } | null;
}

export interface SellerStats {
  /** Templates listed (archived ones are not). */
  total: number;
  byStatus: Record<TemplateStatus, number>;
  /** Downloads and verified ratings of all the seller's templates (contract/seller-figures.ts). */
  figures: SellerFigures;
}

/** `GET /api/my/mvps`. */
export interface MyTemplatesResult {
  items: ManagedTemplate[];
  stats: SellerStats;
}

export interface TemplateWriteResult {
  mvp: ManagedTemplate;
  message: string;
}

/**
 * Edits of a live template's text, images or price held for an admin (PUBLISH_MODE=moderate):
 * buyers keep the live text until they are approved.
 */
export interface PendingEditView {
  status: 'pending_review' | 'rejected';
  /** The form's fields the edit changes (`title`, `price`, `preview_images`, ...). */
  changed: string[];
  /** The template's fields as the edit would make them: what the seller's edit form shows. */
  values: HeldEditValues;
  /** The admin's reason, when rejected. */
  reason: string | null;
  at: string;
}

/** The fields of a template an edit may change, with their held values. */
export type HeldEditValues = Pick<
  ManagedTemplate,
  | 'title'
  | 'tagline'
  | 'description'
  | 'category'
  | 'features'
  | 'tech_stack'
  | 'demo_url'
  | 'github_url'
  | 'stackblitz_link'
  | 'licensing_terms'
  | 'access_tier'
  | 'price'
  | 'preview_images'
>;

/** `POST /api/mvps/{id}/versions/{versionId}/withdraw`. */
export interface WithdrawVersionResult {
  mvp: ManagedTemplate;
  message: string;
}

/** `DELETE /api/mvps/{id}`: the template is archived; the message is the spec's. */
export interface ArchiveTemplateResult {
  message: string;
}
