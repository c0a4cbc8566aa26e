/**
 * The download contract, shared by the API and the frontend: response shapes and the product's texts.
 */
import { FREE_TEMPLATE_TEXT } from './free-template';

export { FREE_TEMPLATE_TEXT };

export const DOWNLOAD_MESSAGES = {
  success: 'Download initiated!',
  quotaReached: 'You have reached your download quota. Please upgrade your plan.',
  profileNotFound: 'User profile not found.',
  signInRequired: 'Please log in to download.',
  failed: 'Download failed. Please try again.',
  recordFailed: 'Failed to record download.',
  /** The quota's write kept losing to concurrent writes of the same profile (retries spent). */
  quotaUpdateFailed: 'Failed to update download quota.',
  oneTimePurchase: 'This template is sold as a one-time purchase. Buy it first to download it.',
  fileMissing: 'The file of this template is not available. Please try again later.',
  /** Storage did not answer whether the file can be served: checked before anything is spent. */
  storageUnavailable:
    'Our file storage is not answering right now, so nothing was spent: your downloads are as they were. Please try again in a minute.',
  bundleUnreadable: 'The contents of this bundle cannot be listed.',
  ownTemplate:
    'This is your own template: you cannot download or deploy it with your quota. Edit it from your dashboard instead.',
} as const;

/**
 * What one more download (or deploy) of a template costs the caller, as the API decides it:
 * - `quota`: one of the month's downloads (a subscription template, first time this period);
 * - `free_tier`: nothing from the quota (a free template; the daily limit still counts it);
 * - `free_again`: nothing at all (already downloaded in this quota period);
 * - `owned`: nothing (a bought one-time-sale template);
 * - `purchase_required`: refused until bought (a one-time-sale template not owned);
 * - `own_template`: refused (the caller sells it);
 * - `security_fix`: nothing from the quota: the live version fixes a known vulnerability of the
 *   version of this template the caller downloaded last (once: that download makes it theirs);
 * - `refunded`: refused: what paid for this period's download of it was refunded (its licence is
 *   marked refunded), so it is not served again until a new quota period;
 * - `disputed`: refused: the payment behind it was disputed with the buyer's card issuer (a
 *   chargeback), so its licence is not valid while the dispute is open or once it is lost;
 * - `licence_held`: nothing at all: the template is no longer listed (its seller archived it or
 *   closed their account) and the caller holds a valid licence of it, so they keep its files.
 */
export const DOWNLOAD_COSTS = [
  'quota',
  'free_tier',
  'free_again',
  'owned',
  'purchase_required',
  'own_template',
  'security_fix',
  'refunded',
  'disputed',
  'licence_held',
] as const;
export type DownloadCost = (typeof DOWNLOAD_COSTS)[number];

/** The sentence shown before Download or Deploy starts, for each cost. */
export const DOWNLOAD_COST_TEXTS: Record<DownloadCost, string> = {
  quota: 'Uses 1 download from your monthly quota.',
  free_tier: FREE_TEMPLATE_TEXT,
  free_again: 'Free: you already downloaded this template this month.',
  owned: 'Free: you own this template.',
  purchase_required: 'Buy this template to download or deploy it.',
  own_template: 'This is your template.',
  security_fix:
    'Free: this version fixes a known vulnerability of the version you downloaded, so downloading it again uses none of your quota.',
  refunded:
    'The payment behind your download of this template was refunded, so it cannot be downloaded again this month.',
  disputed:
    'The payment behind your download of this template was disputed with your card issuer, so it cannot be downloaded.',
  licence_held: 'Free: you hold a licence for this template.',
};

/** Costs that refuse the download (the sentence above says why). */
export const REFUSED_DOWNLOAD_COSTS: readonly DownloadCost[] = [
  'purchase_required',
  'own_template',
  'refunded',
  'disputed',
];

/** A day as the product writes it in sentences: "3 December 2026" (UTC, as stored). */
const refundDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/**
 * Download (again) refused because the payment behind the buyer's licence was refunded: when, and
 * what is left to do (buy again for a one-time sale; a new quota period for a plan's download).
 */
export const refundedDownloadMessage = (refundedAt: string, oneTimeSale: boolean): string =>
  oneTimeSale
    ? `Your purchase of this template was refunded on ${refundDay(refundedAt)}, so its licence is no longer valid and it cannot be downloaded. Buy it again to download it.`
    : `The payment behind your download of this template was refunded on ${refundDay(refundedAt)}, so its licence is no longer valid and it cannot be downloaded again this month.`;

/**
 * Download (again) refused because the payment behind the buyer's licence was disputed with their
 * card issuer (a chargeback): when, and that it stays so unless the dispute is decided for the
 * payment.
 */
export const disputedDownloadMessage = (disputedAt: string, oneTimeSale: boolean): string =>
  `${oneTimeSale ? 'Your payment for this template' : 'The payment behind your download of this template'} was disputed with your card issuer on ${refundDay(disputedAt)}, so its licence is no longer valid and it cannot be downloaded. If the dispute is decided in favour of the payment, the licence is valid again.`;

/**
 * Why Download (again) is refused when what paid for the licence was taken back: a refund, else a
 * card dispute; null when neither.
 */
export const revokedDownloadMessage = (
  revoked: { refundedAt: string | null; disputedAt: string | null },
  oneTimeSale: boolean,
): string | null => {
  if (revoked.refundedAt) return refundedDownloadMessage(revoked.refundedAt, oneTimeSale);
  if (revoked.disputedAt) return disputedDownloadMessage(revoked.disputedAt, oneTimeSale);
  return null;
};

/** The daily-limit refusal names the limit, so the person knows when to come back. */
export const dailyLimitMessage = (limit: number): string =>
  `You have reached your daily download limit of ${limit}. Please try again tomorrow.`;

/** `POST /api/mvps/{id}/download`: 200. */
export interface DownloadResult {
  success: true;
  message: typeof DOWNLOAD_MESSAGES.success;
  /** The presigned S3 GET URL of the bundle (docs/data-model.md, section 4.1 names it `filePath`). */
  filePath: string;
  /** The same presigned URL, under a self-explaining name. */
  url: string;
  /** The name the browser saves the file under (Content-Disposition). */
  fileName: string;
  /** Seconds the URL stays valid. */
  expiresIn: number;
  /** The licence certificate this download issued (`/licenses/{id}`). */
  licenseId: string;
  /**
   * Whether this download spent one of the month's downloads: false for a bought template and
   * for a template downloaded again in the same quota period.
   */
  quotaSpent: boolean;
}

/** The template as it was when downloaded (a snapshot stored on the download row). */
export interface DownloadedTemplate {
  id: string;
  title: string;
  slug: string;
  version_number: string;
  /** Same-origin URLs; at most the first preview. */
  preview_images: string[];
}

/** One row of `GET /api/downloads`. */
export interface MyDownload {
  id: string;
  mvp_id: string;
  month_year: string;
  downloaded_at: string;
  mvp: DownloadedTemplate;
}

/** `GET /api/downloads`: newest first; pass `cursor` back for the next page. */
export interface MyDownloadsPage {
  items: MyDownload[];
  cursor: string | null;
}

/**
 * One download of a seller's template (`GET /api/my/mvps/downloads`): what and when, never who
 * (buyer privacy).
 */
export interface SellerDownload {
  id: string;
  mvp_id: string;
  /** The title when downloaded (a snapshot on the download row). */
  mvp_title: string;
  mvp_slug: string;
  version_number: string;
  downloaded_at: string;
}

/** `GET /api/my/mvps/downloads`: the latest downloads of the caller's templates, newest first. */
export interface SellerDownloadsResult {
  items: SellerDownload[];
}

/** The seller dashboard lists the 5 most recent downloads. */
export const SELLER_RECENT_DOWNLOADS = 5;

/** `GET /api/mvps/{id}/download-status`: what the detail page needs next to its Download button. */
export interface DownloadStatus {
  has_downloaded: boolean;
  last_downloaded_at: string | null;
  downloads_remaining: number;
  download_quota: number;
  daily_download_limit: number | null;
  /**
   * One-time-sale templates: the caller has a completed order for it, so downloads spend no quota
   * (the detail page says "Owned"). Always false for other tiers.
   */
  owned: boolean;
  /**
   * The caller already spent a download on this template in the current quota period, so
   * downloading it again is free until the next reset.
   */
  free_again: boolean;
  /** What Download or Deploy would cost now, from the same rule the download itself applies. */
  cost: DownloadCost;
  /**
   * When the payment behind the caller's latest licence of this template was refunded (the page
   * says so beside Buy or the refused Download); null when it was not.
   */
  refunded_at: string | null;
  /**
   * When the payment behind the caller's latest licence of this template was disputed with their
   * card issuer (a chargeback still open or lost); null when it was not.
   */
  disputed_at: string | null;
  /**
   * The template's source repository, only for a caller whose licence covers it (its seller, an
   * admin, a holder of a valid licence); null for everyone else. The public detail never has it.
   */
  repository_url: string | null;
}

/** At or above this quota the UI says "Unlimited" (Enterprise; defined with the plans). */
export { UNLIMITED_DOWNLOADS } from './plans';

/** One file inside a template's bundle. */
export interface BundleFile {
  path: string;
  /** Uncompressed size in bytes. */
  size: number;
  /** Text (its content can be previewed) or binary; null when the bundle has no manifest yet. */
  kind: 'text' | 'binary' | null;
}

/** A file shown to everyone on the detail page: the README and the package manifest. */
export interface BundleDocument {
  path: string;
  /** The file's text (its first 256 KB). */
  content: string;
  /** True when the file is longer than `content`. */
  truncated: boolean;
}

/**
 * `GET /api/mvps/{id}/files`: the bundle's files (folders are implied by the paths), from the
 * manifest written when the bundle was scanned (every file), or for an older zip without one from
 * its directory (the first 200).
 */
export interface BundleFiles {
  files: BundleFile[];
  /** Entries in the archive (files and folders). */
  total_entries: number;
  /** True when the archive has more files than listed. */
  truncated: boolean;
  /** Whether file contents can be read (`GET /api/mvps/{id}/files/content`): a manifest exists. */
  previewable: boolean;
  /** README.md at the root or in the single top folder, for everyone. */
  readme: BundleDocument | null;
  /** The package manifest (package.json, pyproject.toml, …) beside the README, for everyone. */
  package_manifest: BundleDocument | null;
}

export const BUNDLE_FILES_LIMIT = 200;

/** `GET /api/mvps/{id}/files/content?path=`: one text file of the bundle. */
export interface BundleFileContent {
  path: string;
  size: number;
  content: string;
  /** The preview holds only the first 256 KB of a longer file. */
  truncated: boolean;
}

export const CODE_PREVIEW_MESSAGES = {
  notEntitled: 'Subscribe or buy this template to read its files.',
  binary: 'This file is binary and cannot be previewed.',
  unknownPath: 'There is no file at this path in the template.',
  notReady: 'The code preview of this template is not available yet.',
  notStored:
    'This file is not in the preview (the preview keeps the first 8 MB of text). Download the template to read it.',
  notAnImage: 'Only the images of a bundle can be shown here.',
  notInBundle: 'That path is not a file path inside the bundle.',
  imageNotShown: 'Only the images its README shows can be seen before downloading the template.',
  imageTooLarge: 'This image is too large to show here (more than 3 MB).',
  imageUnavailable: 'This image cannot be shown from this kind of archive yet.',
} as const;

/**
 * `GET /api/downloads` query (its schema lives with the downloads domain). Query types are type
 * aliases, not interfaces, so they fit `Record<string, string | undefined>`.
 */
export type MyDownloadsQuery = {
  /** 1 to 100; 50 when absent. */
  limit?: string;
  /** The `cursor` of the previous page. */
  cursor?: string;
};
