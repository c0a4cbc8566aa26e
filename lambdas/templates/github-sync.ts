/**
 * The template writes of the GitHub integration (docs/data-model.md, section 3.4, M3):
 * linking and unlinking a repository, and registering a synced commit as a new version. The
 * github domain calls these; the writes stay in this domain.
 */
import type { UserProfile } from '../../contract/profile';
import { TEMPLATE_MESSAGES } from '../../contract/template-messages';
import { compareVersions } from '../../contract/template-versions';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import { getRepoLink, linkRepository, unlinkRepository } from './link-repo';
import {
  getTemplateById,
  listVersions,
  setSyncFailure,
  TransactionRefusedError,
  writeTemplate,
  type TemplateItem,
  type TemplateVersionItem,
} from './repo';
import { startProcessingOrFlag } from './processing-start';
import { isLive, registerLiveVersion, wasLive } from './versions';

export { getRepoLink };

/** The template, if the caller owns it (linking is the owner's alone, not admin's). */
export const loadOwnedTemplate = async (
  profile: UserProfile,
  templateId: string,
): Promise<TemplateItem> => {
  const template = await getTemplateById(templateId);
  if (!template || template.status === 'archived')
    throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
  if (template.seller_id !== profile.id) throw new ForbiddenError(TEMPLATE_MESSAGES.notAuthorized);
  return template;
};

export { linkRepository, unlinkRepository, TransactionRefusedError };

/** The default bump is patch; the kinds are major, minor and patch. */
export type VersionBump = 'major' | 'minor' | 'patch';

/** `1.2.3` → `1.2.4` (patch); a version that is not x.y.z is read as far as it goes (`2` = 2.0.0). */
export const bumpVersion = (current: string, bump: VersionBump = 'patch'): string => {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(current.trim());
  const [major, minor, patch] = match
    ? [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)]
    : [1, 0, 0];
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
};

const BUMP_ORDER: readonly VersionBump[] = ['patch', 'minor', 'major'];

/** The larger of two bumps (a major outweighs a minor, a minor a patch). */
export const largerBump = (a: VersionBump, b: VersionBump): VersionBump =>
  BUMP_ORDER.indexOf(a) >= BUMP_ORDER.indexOf(b) ? a : b;

/**
 * The bump the commits since the last synced one call for (Conventional Commits): a `!` after the
 * type (`feat!:`, `fix(api)!:`) or a `BREAKING CHANGE` footer makes a major, a `feat` a minor,
 * anything else a patch.
 */
export const bumpFromCommits = (messages: readonly string[]): VersionBump => {
  let bump: VersionBump = 'patch';
  for (const message of messages) {
    const subject = message.split('\n')[0]!.trim();
    if (/^\w+(\([^)]*\))?!:/.test(subject) || /^BREAKING[ -]CHANGE:/m.test(message)) {
      return 'major';
    }
    if (/^feat(\([^)]*\))?:/i.test(subject)) bump = 'minor';
  }
  return bump;
};

export interface SyncedVersionInput {
  mvpId: string;
  versionId: string;
  sha: string;
  fileKey: string;
  fileSize: number;
  fileName: string;
  changelog: string | null;
  bump?: VersionBump;
}

/**
 * A synced commit as a new version, with `last_synced_github_commit_sha` set in the same
 * transaction; then the processing pipeline (scan → pin → publish). A live template keeps its live
 * version and gets the commit as its pending version (replacing one still on its way: the newest
 * commit wins); a template that was never live is replaced whole (M3, conditioned on the commit not
 * being the last synced one). Returns false when nothing was written (the commit was synced
 * meanwhile, the template moved or is archived or unlinked).
 */
export const registerSyncedVersion = async (input: SyncedVersionInput): Promise<boolean> => {
  const template = await getTemplateById(input.mvpId);
  if (!template || template.status === 'archived' || !template.github_repo_owner) return false;
  if (template.last_synced_github_commit_sha === input.sha) return false;
  const now = new Date().toISOString();
  const row: TemplateVersionItem = {
    mvp_id: template.id,
    id: input.versionId,
    version_number: await nextSyncedNumber(template, input.bump),
    ...(input.changelog ? { changelog: input.changelog } : {}),
    file_key: input.fileKey,
    file_size: input.fileSize,
    original_file_name: input.fileName,
    source: 'github_sync',
    github_commit_sha: input.sha,
    uploaded_at: now,
    status: 'processing',
  };
  try {
    if (isLive(template)) {
      await registerLiveVersion(template, {
        version: row,
        set: { last_synced_github_commit_sha: input.sha },
        supersede: true,
        catalogChanged: false,
      });
    } else {
      await writeTemplate({
        mvpId: template.id,
        fromStatus: template.status,
        unlessSyncedSha: input.sha,
        set: {
          version_number: row.version_number,
          file_key: input.fileKey,
          file_size: input.fileSize,
          original_file_name: input.fileName,
          status: 'pending_review',
          last_synced_github_commit_sha: input.sha,
          updated_at: now,
          ...(input.changelog ? { changelog: input.changelog } : {}),
          ...(template.ipfs_hash ? { previous_ipfs_hash: template.ipfs_hash } : {}),
        },
        remove: [
          'ipfs_hash',
          'last_processing_error',
          ...(input.changelog ? [] : (['changelog'] as const)),
        ],
        version: { create: row },
        now,
      });
    }
  } catch (error) {
    if (error instanceof TransactionRefusedError && error.item === 'mvp') return false;
    if (error instanceof ConflictError) return false;
    throw error;
  }
  await startProcessingOrFlag(template.id, input.versionId, input.fileKey);
  // This sync worked: an earlier one's failure is no longer what My MVPs should say.
  if (template.github_sync_failure) await setSyncFailure(template.id, null);
  return true;
};

/** A sync of `sha` that stopped: My MVPs says why until a later sync succeeds. */
export const recordSyncFailure = async (
  mvpId: string,
  failure: { sha: string; reason: string },
): Promise<void> => {
  await setSyncFailure(mvpId, { ...failure, at: new Date().toISOString() });
};

/**
 * The synced version's number: the live (or current) one bumped, past any number a live, past or
 * in-progress version already has (a superseded pending version's number is free again).
 */
const nextSyncedNumber = async (
  template: TemplateItem,
  bump: VersionBump = 'patch',
): Promise<string> => {
  let candidate = bumpVersion(template.version_number, bump);
  if (!isLive(template)) return candidate;
  const taken = (await listVersions(template.id))
    .filter(
      (version) =>
        version.id !== template.pending_version_id &&
        (wasLive(version, template.version_number) || version.status === 'pending_review'),
    )
    .map((version) => version.version_number);
  while (taken.some((number) => compareVersions(number, candidate) === 0)) {
    candidate = bumpVersion(candidate, 'patch');
  }
  return candidate;
};
