/**
 * The demo templates as the templates domain imports them (content, files, past figures), their
 * reviews, and the code preview of each approved one. A demo review is verified only when its
 * author used the template, as a real one would be.
 */
import { mapWithConcurrency } from '../../../lambdas/shared/concurrency';
import { computeContentId } from '../../../lambdas/processing/cid';
import { ensureSiteSettings } from '../../../lambdas/processing/tasks/detect-site';
import { makePreviewRenditions } from '../../../lambdas/processing/tasks/renditions';
import { ensureCodePreview } from '../../../lambdas/processing/tasks/scan';
import { ensureSecurityReport } from '../../../lambdas/security/audit-version';
import { importTemplates, type TemplateImport } from '../../../lambdas/templates/import';
import { recordPublishedSeverity } from '../../../lambdas/templates/security-gate';
import type { DemoAccountKey } from './accounts';
import { buildBundleZip, renderPreviewPng, renderPreviewSvg, slugOf } from './assets';
import { DEMO_DEPLOYED_TEMPLATE_ID } from './deployment';
import type { demoLinksOf } from './demo-sites';
import { SEEDED_DOWNLOAD } from './downloads';
import { makerPastDownloadTemplateIds } from './money';
import { seedTemplates, type SeedTemplate } from './templates';
import { userOf, type SeededUser } from './users';

const changelogOf = (template: SeedTemplate) =>
  template.versionNumber === '1.0.0' ? 'Initial release.' : 'Bug fixes and dependency updates.';

/**
 * What the demo accounts have used, as the seed writes it: the demo buyer's past download and
 * deployment, the maker's downloads of last month. A demo review is verified only when its author
 * used the template, so the demo ratings follow the same rule as real ones.
 */
const seededUse = (): ReadonlySet<string> =>
  new Set([
    `${SEEDED_DOWNLOAD.account}|${SEEDED_DOWNLOAD.mvpId}`,
    `buyer|${DEMO_DEPLOYED_TEMPLATE_ID}`,
    ...makerPastDownloadTemplateIds().map((templateId) => `maker|${templateId}`),
  ]);

export const isVerifiedSeedReview = (
  template: Pick<SeedTemplate, 'id'>,
  review: Pick<SeedTemplate['reviews'][number], 'by'>,
): boolean => seededUse().has(`${review.by}|${template.id}`);

/** One demo template as the templates domain imports it: content, files and past figures. */
const templateImportOf = (
  template: SeedTemplate,
  users: Map<DemoAccountKey, SeededUser>,
  links: { demoUrl: string; githubUrl: string } | undefined,
): TemplateImport => ({
  id: template.id,
  sellerId: userOf(users, template.seller).sub,
  title: template.title,
  slug: slugOf(template.title),
  tagline: template.tagline,
  description: template.description,
  features: template.features,
  techStack: template.techStack,
  category: template.category,
  accessTier: template.accessTier,
  price: template.price,
  licensingTerms: template.licensingTerms,
  status: template.status,
  versionNumber: template.versionNumber,
  changelog: changelogOf(template),
  // A day before publication; the two unpublished ones at a fixed moment.
  createdAt: template.publishedAt
    ? new Date(Date.parse(template.publishedAt) - 86_400_000).toISOString()
    : new Date('2026-03-30T12:00:00Z').toISOString(),
  publishedAt: template.publishedAt,
  lastProcessingError: template.lastProcessingError,
  demoUrl: links?.demoUrl,
  githubUrl: links?.githubUrl,
  downloadCount: template.downloadCount,
  // The average counts verified reviews only, as a review written through the API would.
  ratingSum: template.reviews
    .filter((review) => isVerifiedSeedReview(template, review))
    .reduce((sum, review) => sum + review.rating, 0),
  ratingCount: template.reviews.filter((review) => isVerifiedSeedReview(template, review)).length,
  bundle: {
    bytes: buildBundleZip(template),
    fileName: `${slugOf(template.title)}.zip`,
    contentType: 'application/zip',
  },
  previews: Array.from({ length: template.previewCount }, (_, index) => ({
    body: renderPreviewSvg(template, index),
    contentType: 'image/svg+xml',
    extension: 'svg',
  })),
});

/** The reviews of a demo template, arriving over the days after its publication. */
export const reviewsOf = (template: SeedTemplate, users: Map<DemoAccountKey, SeededUser>) =>
  template.reviews.map((review, index) => {
    const reviewer = userOf(users, review.by);
    const at = new Date(
      Date.parse(template.publishedAt ?? '2025-03-01T00:00:00Z') + (index + 2) * 86_400_000,
    ).toISOString();
    return {
      mvp_id: template.id,
      user_id: reviewer.sub,
      // One review per buyer and template, so the pair names the review.
      id: `${template.id}-${reviewer.sub}`,
      rating: review.rating,
      review_text: review.text,
      is_verified_buyer: isVerifiedSeedReview(template, review),
      user_email: reviewer.account.email,
      user_username: reviewer.account.username,
      ...(reviewer.account.displayName && { user_display_name: reviewer.account.displayName }),
      created_at: at,
      updated_at: at,
    };
  });

/** The template whose card shows a raster preview (a PNG), served from its WebP renditions. */
export const RASTER_PREVIEW_TEMPLATE_ID = seedTemplates.find(
  (item) => item.status === 'approved',
)!.id;

/** The raster preview first, before the SVG ones, so that the card shows it. */
const withRasterPreview = async (
  template: SeedTemplate,
  imported: TemplateImport,
): Promise<TemplateImport> =>
  template.id === RASTER_PREVIEW_TEMPLATE_ID
    ? {
        ...imported,
        previews: [
          { body: await renderPreviewPng(template), contentType: 'image/png', extension: 'png' },
          ...imported.previews,
        ],
      }
    : imported;

/**
 * The demo templates, imported as processed (the one waiting for an admin with its scan and CID),
 * and the code preview of each approved one.
 */
export const seedTemplatesWithPreviews = async (
  users: Map<DemoAccountKey, SeededUser>,
  linksOf: (template: SeedTemplate) => ReturnType<typeof demoLinksOf> | undefined,
) => {
  const written = await importTemplates(
    await Promise.all(
      seedTemplates.map(async (template) => {
        const imported = await withRasterPreview(
          template,
          templateImportOf(template, users, linksOf(template)),
        );
        // The one waiting for an admin was processed (scan, CID) like any upload before it.
        if (template.status !== 'pending_review') return imported;
        const { cid } = await computeContentId(
          (async function* () {
            yield imported.bundle.bytes;
          })(),
        );
        return { ...imported, ipfsHash: cid };
      }),
    ),
  );
  // Imported templates skip the pipeline: the Scan task writes each approved one's code preview
  // (manifest and pack) once; later starts find it and scan nothing.
  // A few templates at a time: each step waits on the emulators as much as it computes.
  const approved = seedTemplates.filter((item) => item.status === 'approved');
  await mapWithConcurrency(approved, 4, async (template) => {
    // The version id of an imported template is its own id (lambdas/templates/import.ts).
    if (!(await ensureCodePreview(template.id, template.id))) {
      throw new Error(`The demo template ${template.title} has no code preview (scan not clean).`);
    }
    // The pipeline's renditions step, as for an upload (written once: later starts make none).
    await makePreviewRenditions({ mvpId: template.id, versionId: template.id });
    // The pipeline's Audit step against the local OSV server (once: a report is kept).
    await ensureSecurityReport(template.id, template.id);
    // Publish's next write: the live version's worst severity on the template, the card's badge
    // (unchanged on later starts).
    await recordPublishedSeverity(template.id, template.id);
    // The pipeline's DetectSite step: how the template deploys, for its page (once).
    await ensureSiteSettings(template.id, template.id);
  });
  return written;
};
