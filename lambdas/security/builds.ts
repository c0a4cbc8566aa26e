/**
 * The versions' builds as the pages read them (contract/builds.ts; the records are the builds
 * domain's, docs/data-model.md 3.25), served by the security Lambda beside the versions' reports:
 *
 * - the template page reads the live version's build of an approved template, without its log or
 *   commands, with the previous published version's times;
 * - the seller and admins read the newest version's (a withdrawn one passed over), log included,
 *   with whether a build runs and whether Rebuild (the templates domain's) would be taken;
 * - the template page's Live preview gets a signed address of the live version's preview, and the
 *   seller and admins one of the newest version's (a preview checked before approval).
 */
import {
  BUILD_MESSAGES,
  buildRunning,
  newestBuildableVersion,
  publicReason,
  rebuildRefusal,
  type BuildPicture,
  type BuildReport,
  type BuildSummary,
  type LiveBuild,
  type NewestBuild,
  type PreviousBuild,
} from '../../contract/builds';
import { PICTURE_MESSAGES } from '../../contract/build-pictures';
import {
  CAPTURE_SIZES,
  capturedGalleryFileName,
  type CaptureViewport,
} from '../../contract/design/capture';
import { PREVIEW_MESSAGES, type LivePreview } from '../../contract/previews';
import type { UserProfile } from '../../contract/profile';
import { isPublishedVersion } from '../../contract/template-versions';
import { signedPreviewOf } from '../builds/preview-url';
import {
  getBuildOf,
  getBuildWithPrevious,
  hasLivePreview,
  readBuildPicture,
  type VersionBuild,
} from '../builds/service';
import { mayActAsOwner } from '../shared/auth/access';
import type { TemplateItem } from '../shared/db/entities/template';
import type { TemplateVersionItem } from '../shared/db/entities/template-version';
import { ForbiddenError, NotFoundError } from '../shared/errors';
import { getTemplate, listTemplateVersions } from './template-read-repo';

const summaryOf = (build: VersionBuild, version: TemplateVersionItem): BuildSummary => ({
  version_id: version.id,
  version_number: version.version_number,
  outcome: build.outcome,
  reason: build.reason ?? null,
  failed_step: build.failed_step ?? null,
  framework: build.framework,
  package_manager: build.package_manager,
  package_manager_version: build.package_manager_version,
  runtime: build.runtime,
  runtime_version: build.runtime_version,
  install_ms: build.install_ms,
  build_ms: build.build_ms,
  output_bytes: build.output_bytes,
  output_files: build.output_files,
  static_site: build.static_site,
  has_preview: hasLivePreview(build),
  finished_at: build.finished_at,
});

const reportOf = (build: VersionBuild, version: TemplateVersionItem): BuildReport => ({
  ...summaryOf(build, version),
  install_command: build.install_command,
  build_command: build.build_command,
  output_dir: build.output_dir,
  log_tail: build.log_tail,
  environment: build.environment,
  sandbox: build.sandbox,
  started_at: build.started_at,
  preview_note:
    build.outcome === 'built' && build.static_site
      ? (build.preview_withheld ?? (build.preview_retired_at ? PREVIEW_MESSAGES.retired : null))
      : null,
});

const previousOf = (
  previous: VersionBuild | null,
  versions: readonly TemplateVersionItem[],
  keep: (version: TemplateVersionItem) => boolean = () => true,
): PreviousBuild | null => {
  const version = previous && versions.find((item) => item.id === previous.version_id);
  if (!previous || !version || !keep(version)) return null;
  return {
    version_number: version.version_number,
    outcome: previous.outcome,
    install_ms: previous.install_ms,
    build_ms: previous.build_ms,
  };
};

/** An approved template, its versions and its live version; 404 in `message`'s words otherwise. */
const liveVersionOf = async (templateId: string, message: string) => {
  const template = await getTemplate(templateId);
  if (!template || template.status !== 'approved' || !template.file_key) {
    throw new NotFoundError(message);
  }
  const versions = await listTemplateVersions(template.id);
  const live = versions.filter((version) => version.file_key === template.file_key).pop();
  if (!live) throw new NotFoundError(message);
  return { template, versions, live };
};

/** `GET /api/mvps/{id}/build`: the live version's build of an approved template, no log. */
export const getLiveBuild = async (templateId: string): Promise<LiveBuild> => {
  const { template, versions, live } = await liveVersionOf(
    templateId,
    BUILD_MESSAGES.templateNotFound,
  );
  const { build, previous } = await getBuildWithPrevious(template.id, live.id);
  return {
    version_number: live.version_number,
    build: build ? { ...summaryOf(build, live), reason: publicReason(build.reason ?? null) } : null,
    // Buyers compare with a version they could have had, not a rejected or withdrawn one.
    previous: previousOf(previous, versions, (version) =>
      isPublishedVersion(version, template.version_number),
    ),
  };
};

/** The template the caller may read the newest build of (its seller or an admin). */
const readableTemplate = async (caller: UserProfile, templateId: string) => {
  const template = await getTemplate(templateId);
  if (!template || template.status === 'archived') {
    throw new NotFoundError(BUILD_MESSAGES.templateNotFound);
  }
  if (!mayActAsOwner(caller, template.seller_id)) {
    throw new ForbiddenError(BUILD_MESSAGES.notAuthorized);
  }
  return template;
};

/** The gallery's keys, live and held for review: where an added picture shows. */
const galleryKeysOf = (template: TemplateItem): string[] => {
  const held = template.pending_edit?.set.preview_image_keys;
  return [...template.preview_image_keys, ...(Array.isArray(held) ? (held as string[]) : [])];
};

/** The build's pictures, desktop first, each with whether the gallery has it already. */
const picturesOf = (
  build: VersionBuild | null,
  template: TemplateItem,
  versionId: string,
): BuildPicture[] => {
  if (build?.outcome !== 'built') return [];
  const gallery = galleryKeysOf(template);
  return (build.screenshots ?? []).map((shot) => ({
    viewport: shot.viewport,
    label: CAPTURE_SIZES[shot.viewport].label,
    width: shot.width,
    height: shot.height,
    bytes: shot.bytes,
    in_gallery: gallery.some((key) =>
      key.endsWith(`/${capturedGalleryFileName(versionId, shot.viewport)}`),
    ),
  }));
};

/** `GET /api/mvps/{id}/build/newest`: the newest version's build, for its seller or an admin. */
export const getNewestBuildFor = async (
  caller: UserProfile,
  templateId: string,
): Promise<NewestBuild> => {
  const template = await readableTemplate(caller, templateId);
  const versions = await listTemplateVersions(template.id);
  const version = newestBuildableVersion(versions);
  if (!version) throw new NotFoundError(BUILD_MESSAGES.noVersion);
  const { build, previous } = await getBuildWithPrevious(template.id, version.id);
  const now = Date.now();
  const refusal = rebuildRefusal(version, build, now);
  return {
    version_id: version.id,
    version_number: version.version_number,
    build: build ? reportOf(build, version) : null,
    previous: previousOf(previous, versions),
    running: buildRunning(version, build, now),
    can_rebuild: refusal === null,
    rebuild_refusal: refusal,
    pictures: picturesOf(build, template, version.id),
    pictures_reason: (build?.outcome === 'built' && build.screenshot_reason) || null,
  };
};

/**
 * A signed address of a version's preview, when its build made a static site (its output is then
 * in the preview bucket under `sites/{template}/{version}/`); 404 in words otherwise.
 */
const previewOf = async (
  templateId: string,
  version: TemplateVersionItem,
): Promise<LivePreview> => {
  const { build } = await getBuildWithPrevious(templateId, version.id);
  if (!build || !hasLivePreview(build)) {
    throw new NotFoundError(PREVIEW_MESSAGES.noPreview);
  }
  const signed = await signedPreviewOf(templateId, version.id);
  return {
    url: signed.url,
    expires_at: signed.expiresAt.toISOString(),
    version_number: version.version_number,
  };
};

/** `GET /api/mvps/{id}/preview`: the live version's preview of an approved template, signed. */
export const getLivePreview = async (templateId: string): Promise<LivePreview> => {
  const { template, live } = await liveVersionOf(templateId, PREVIEW_MESSAGES.noPreview);
  return previewOf(template.id, live);
};

/**
 * `GET /api/mvps/{id}/preview/newest`: the newest version's preview (in review, or live), for
 * its seller or an admin, so a seller sees the preview before approval. Anyone else: 403, as the
 * newest build's report answers; a template without such a preview: 404.
 */
export const getNewestPreviewFor = async (
  caller: UserProfile,
  templateId: string,
): Promise<LivePreview> => {
  const template = await getTemplate(templateId);
  if (!template || template.status === 'archived') {
    throw new NotFoundError(PREVIEW_MESSAGES.noPreview);
  }
  if (!mayActAsOwner(caller, template.seller_id)) {
    throw new ForbiddenError(PREVIEW_MESSAGES.notAuthorized);
  }
  const version = newestBuildableVersion(await listTemplateVersions(template.id));
  if (!version) throw new NotFoundError(PREVIEW_MESSAGES.noPreview);
  return previewOf(template.id, version);
};

/**
 * `GET /api/mvps/{id}/build/screenshots/{viewport}`: the PNG of the newest version's picture, for
 * the template's seller or an admin; 404 when none was taken or it expired with the record.
 */
export const getBuildPictureFor = async (
  caller: UserProfile,
  templateId: string,
  viewport: CaptureViewport,
): Promise<Uint8Array> => {
  const template = await readableTemplate(caller, templateId);
  const version = newestBuildableVersion(await listTemplateVersions(template.id));
  if (!version) throw new NotFoundError(PICTURE_MESSAGES.notFound);
  const bytes = await readBuildPicture(await getBuildOf(template.id, version.id), viewport);
  if (!bytes) throw new NotFoundError(PICTURE_MESSAGES.notFound);
  return bytes;
};
