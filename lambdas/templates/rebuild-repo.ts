/**
 * The claim of a version's rebuild on its item (`build_requested_at`): the data access of
 * builds.ts, so two presses of Rebuild start one build.
 */
import { isConditionFailure, writtenUnlessRefused } from '../shared/db/entity';
import { TemplateVersionEntity } from '../shared/db/entities/template-version';

type VersionKey = { mvp_id: string; id: string };

/**
 * Sets the version's `build_requested_at` to `now` when no rebuild was asked since `since`
 * (`since`: null takes it whatever holds it). False when another claim holds it.
 */
export const claimVersionRebuild = async (
  version: VersionKey,
  now: string,
  since: string | null,
): Promise<boolean> => {
  const claim = TemplateVersionEntity.patch({ mvp_id: version.mvp_id, id: version.id }).set({
    build_requested_at: now,
  });
  return writtenUnlessRefused(
    since === null
      ? claim
      : claim.where(
          ({ build_requested_at }, { notExists, lt }) =>
            `${notExists(build_requested_at)} OR ${lt(build_requested_at, since)}`,
        ),
  );
};

/** Removes the claim made at `claimedAt`; a claim taken over since is left alone. */
export const releaseVersionRebuild = async (version: VersionKey, claimedAt: string) => {
  await TemplateVersionEntity.patch({ mvp_id: version.mvp_id, id: version.id })
    .remove(['build_requested_at'])
    .where(({ build_requested_at }, { eq }) => eq(build_requested_at, claimedAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};
