/**
 * What a version's build costs its seller and how long its live preview is kept
 * (contract/design/live-previews.ts; docs/operations.md, "Version builds and previews"):
 *
 * - the caps per seller and month: build minutes (checked before a build: `buildAllowance`) and
 *   preview storage (checked when a static site's build is recorded: past the cap the preview is
 *   withheld and its files are tagged for removal);
 * - retirement: previews of versions outside a template's two newest (and the live one, which is
 *   always kept), and every preview of an archived template, are tagged `preview=retired`, which
 *   the bucket's lifecycle rule removes. S3 can filter a rule by tag, not by "older than the two
 *   newest", so the service tags and the bucket deletes.
 */
import {
  COST_CAP_REASONS,
  costCapsOf,
  previewRetention,
  previewSitePrefix,
  usageMonthOf,
  type CostCaps,
} from '../../contract/design/live-previews';
import { config } from '../shared/config';
import { logger } from '../shared/observability';
import { listKeys, tagObject } from '../shared/storage/s3';
import { getBuildUsage, listTemplateBuilds, markPreviewRetired } from './repo';

const MEGABYTE = 1024 * 1024;

/** This deployment's caps (the build steps' variables, else the defaults). */
export const costCaps = (): CostCaps => {
  const { BUILD_MINUTES_PER_SELLER, PREVIEW_MEGABYTES_PER_SELLER } = config();
  return costCapsOf({
    ...(BUILD_MINUTES_PER_SELLER === undefined
      ? {}
      : { buildMinutesPerSeller: BUILD_MINUTES_PER_SELLER }),
    ...(PREVIEW_MEGABYTES_PER_SELLER === undefined
      ? {}
      : { previewMegabytesPerSeller: PREVIEW_MEGABYTES_PER_SELLER }),
  });
};

/**
 * Whether a seller may start a build now: null when they may, else why not (in their words). A
 * build that starts under the cap runs to its end, so a month may end a little past it.
 */
export const buildAllowance = async (sellerId: string, now: Date): Promise<string | null> => {
  const { buildMinutesPerSeller } = costCaps();
  const usage = await getBuildUsage(sellerId, usageMonthOf(now));
  if ((usage?.build_ms ?? 0) < buildMinutesPerSeller * 60_000) return null;
  return COST_CAP_REASONS.buildMinutes(buildMinutesPerSeller, now);
};

/**
 * How many bytes of preview a static site's build may publish (its own size), or why it may not
 * (the month's preview storage would pass the cap).
 */
export const previewAllowance = async (
  sellerId: string,
  bytes: number,
  now: Date,
): Promise<{ bytes: number; withheld?: string }> => {
  const { previewMegabytesPerSeller } = costCaps();
  const usage = await getBuildUsage(sellerId, usageMonthOf(now));
  if ((usage?.preview_bytes ?? 0) + bytes <= previewMegabytesPerSeller * MEGABYTE) return { bytes };
  return { bytes: 0, withheld: COST_CAP_REASONS.previewStorage(previewMegabytesPerSeller, now) };
};

/** Tags every object of a version's preview for removal. */
export const tagPreviewRetired = async (templateId: string, versionId: string): Promise<number> => {
  const bucket = config().LIVE_PREVIEWS_BUCKET;
  if (!bucket) return 0;
  const keys = await listKeys(bucket, previewSitePrefix(templateId, versionId));
  const tag = { [previewRetention.retiredTag.key]: previewRetention.retiredTag.value };
  // A few at a time: a preview is tens of files, a busy bucket need not see them all at once.
  for (let start = 0; start < keys.length; start += 8) {
    await Promise.all(keys.slice(start, start + 8).map((key) => tagObject(bucket, key, tag)));
  }
  return keys.length;
};

/**
 * Retires the previews a template no longer shows: with `keep` (the live version), those outside
 * the `previewRetention.keptVersions` newest builds; without it (the template is archived), all.
 * Each is tagged, then marked on its build, so running it again retires nothing twice. Returns
 * the versions retired.
 */
export const retirePreviews = async (
  templateId: string,
  keep: { versionIds: readonly string[]; newest: number } | null,
  now: Date,
): Promise<string[]> => {
  const builds = await listTemplateBuilds(templateId);
  const kept = new Set([
    ...(keep?.versionIds ?? []),
    ...builds.slice(0, keep?.newest ?? 0).map((build) => build.version_id),
  ]);
  const retired: string[] = [];
  for (const build of builds) {
    if (kept.has(build.version_id) || !build.static_site || build.preview_retired_at) continue;
    const files = await tagPreviewRetired(templateId, build.version_id);
    await markPreviewRetired(templateId, build.version_id, now.toISOString());
    logger.info('Live preview retired', { templateId, versionId: build.version_id, files });
    retired.push(build.version_id);
  }
  return retired;
};
