/**
 * The template writes of the GitHub integration (seller spec §2, §4; docs/data-model.md §3.4, M3):
 * linking and unlinking a repository, and registering a synced commit as a new version. The
 * github domain calls these; the writes stay in this domain (STYLE.md rule 11).
 */
import { ulid } from 'ulid';
import type { Profile } from '../shared/contracts/profile';
import { MVP_MESSAGES } from '../shared/contracts/templates';
import { ForbiddenError, NotFoundError } from '../shared/errors';
import {
  getMvpById,
  getRepoLink,
  linkRepository,
  TransactionRefusedError,
  unlinkRepository,
  writeTemplate,
  type MvpItem,
} from './repo';
import { startProcessingOrFlag } from './service';

export { getRepoLink };

/** The template, if the caller owns it (linking is the owner's alone, not admin's). */
export const loadOwnedTemplate = async (profile: Profile, mvpId: string): Promise<MvpItem> => {
  const mvp = await getMvpById(mvpId);
  if (!mvp || mvp.status === 'archived') throw new NotFoundError(MVP_MESSAGES.notFound);
  if (mvp.seller_id !== profile.id) throw new ForbiddenError(MVP_MESSAGES.notAuthorized);
  return mvp;
};

/** A template by id for the webhook and the sync tasks (archived ones included: callers check). */
export const getTemplate = getMvpById;

export { linkRepository, unlinkRepository, TransactionRefusedError };

/** Seller spec §4: the default bump is patch; kinds major, minor, patch. */
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
 * M3 for a synced commit: the new version (pending_review) with `last_synced_github_commit_sha`
 * set in the same transaction, conditioned on that commit not being the last synced one; then
 * the processing pipeline (scan → pin → publish). Returns false when nothing was written (the
 * commit was synced meanwhile, the template moved or is archived or unlinked).
 */
export const registerSyncedVersion = async (input: SyncedVersionInput): Promise<boolean> => {
  const mvp = await getMvpById(input.mvpId);
  if (!mvp || mvp.status === 'archived' || !mvp.github_repo_owner) return false;
  if (mvp.last_synced_github_commit_sha === input.sha) return false;
  const now = new Date().toISOString();
  const versionNumber = bumpVersion(mvp.version_number, input.bump);
  try {
    await writeTemplate({
      mvpId: mvp.id,
      fromStatus: mvp.status,
      unlessSyncedSha: input.sha,
      set: {
        version_number: versionNumber,
        file_key: input.fileKey,
        file_size: input.fileSize,
        original_file_name: input.fileName,
        status: 'pending_review',
        last_synced_github_commit_sha: input.sha,
        updated_at: now,
        ...(input.changelog ? { changelog: input.changelog } : {}),
        ...(mvp.ipfs_hash ? { previous_ipfs_hash: mvp.ipfs_hash } : {}),
      },
      remove: [
        'ipfs_hash',
        'last_processing_error',
        ...(input.changelog ? [] : (['changelog'] as const)),
      ],
      version: {
        create: {
          mvp_id: mvp.id,
          id: input.versionId,
          version_number: versionNumber,
          ...(input.changelog ? { changelog: input.changelog } : {}),
          file_key: input.fileKey,
          file_size: input.fileSize,
          original_file_name: input.fileName,
          source: 'github_sync',
          github_commit_sha: input.sha,
          uploaded_at: now,
        },
      },
      now,
    });
  } catch (error) {
    if (error instanceof TransactionRefusedError && error.item === 'mvp') return false;
    throw error;
  }
  await startProcessingOrFlag(mvp.id, input.versionId, input.fileKey);
  return true;
};

export const newVersionId = (): string => ulid();
