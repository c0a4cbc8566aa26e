/**
 * Templates that arrive whole rather than through an upload: the local demo data (lib/local/seed)
 * today. They get the same key layout, version row, status counter and catalog version as any
 * template, written by this domain; the caller brings the content only.
 *
 * Idempotent by id: a template that exists is left as it is, so importing again changes nothing.
 */
import type { AccessTier, LicensingTerms, TemplateStatus } from '../../contract/catalog';
import { config } from '../shared/config';
import { putObject } from '../shared/storage/s3';
import { bundleKey, previewKey } from './files';
import { bumpCatalogVersion, createTemplate, getTemplateById, type TemplateItem } from './repo';

export interface TemplateImport {
  id: string;
  sellerId: string;
  title: string;
  slug: string;
  tagline: string;
  description: string;
  features: string[];
  techStack: string[];
  category: string;
  accessTier: AccessTier;
  price?: number;
  licensingTerms: LicensingTerms;
  status: TemplateStatus;
  versionNumber: string;
  changelog: string;
  createdAt: string;
  /** Approved templates only. */
  publishedAt?: string;
  /**
   * The bundle's CID, for a template imported as processed but not yet published (waiting for
   * an admin in `pending_review`): without it the status page would count it as stuck in the
   * pipeline (templates/pipeline-health.ts).
   */
  ipfsHash?: string;
  lastProcessingError?: string;
  demoUrl?: string;
  githubUrl?: string;
  /** Past downloads and ratings the template comes with. */
  downloadCount: number;
  ratingSum: number;
  ratingCount: number;
  bundle: { bytes: Uint8Array; fileName: string; contentType: string };
  previews: { body: Uint8Array | string; contentType: string; extension: string }[];
}

/** The version id of an imported template's only version: the template's own id (stable). */
const importedVersionId = (templateId: string) => templateId;

/**
 * Imports templates that do not exist yet; returns how many were written. The catalog version
 * moves once for the whole batch (browse caches catch up once), not once per template.
 */
export const importTemplates = async (templates: readonly TemplateImport[]): Promise<number> => {
  const files = config().MVP_FILES_BUCKET;
  const previews = config().PREVIEW_IMAGES_BUCKET;
  let written = 0;
  let approvedWritten = 0;
  for (const template of templates) {
    if (await getTemplateById(template.id)) continue;
    const versionId = importedVersionId(template.id);
    const fileKey = bundleKey(template.id, versionId, template.bundle.fileName);
    const previewKeys = template.previews.map((preview, index) =>
      previewKey(template.id, versionId, index, preview.extension),
    );
    // Files first: an import interrupted here is completed by the next one.
    await Promise.all([
      putObject({
        bucket: files,
        key: fileKey,
        body: template.bundle.bytes,
        contentType: template.bundle.contentType,
      }),
      ...template.previews.map((preview, index) =>
        putObject({
          bucket: previews,
          key: previewKeys[index]!,
          body: preview.body,
          contentType: preview.contentType,
        }),
      ),
    ]);
    const item: TemplateItem = {
      id: template.id,
      seller_id: template.sellerId,
      title: template.title,
      slug: template.slug,
      tagline: template.tagline,
      description: template.description,
      features: template.features,
      tech_stack: template.techStack,
      category: template.category,
      file_key: fileKey,
      file_size: template.bundle.bytes.byteLength,
      original_file_name: template.bundle.fileName,
      preview_image_keys: previewKeys,
      demo_url: template.demoUrl,
      github_url: template.githubUrl,
      licensing_terms: template.licensingTerms,
      status: template.status,
      version_number: template.versionNumber,
      changelog: template.changelog,
      published_at: template.publishedAt,
      access_tier: template.accessTier,
      price: template.price,
      download_count: template.downloadCount,
      rating_sum: template.ratingSum,
      rating_count: template.ratingCount,
      last_processing_error: template.lastProcessingError,
      ...(template.ipfsHash && { ipfs_hash: template.ipfsHash }),
      created_at: template.createdAt,
      updated_at: template.publishedAt ?? template.createdAt,
    };
    await createTemplate(
      item,
      {
        mvp_id: template.id,
        id: versionId,
        version_number: template.versionNumber,
        changelog: template.changelog,
        file_key: fileKey,
        file_size: template.bundle.bytes.byteLength,
        original_file_name: template.bundle.fileName,
        source: 'upload',
        uploaded_at: template.publishedAt ?? template.createdAt,
      },
      { catalog: false, pastFigures: true },
    );
    written += 1;
    if (template.status === 'approved') approvedWritten += 1;
  }
  if (written > 0) await bumpCatalogVersion(approvedWritten, new Date().toISOString());
  return written;
};
