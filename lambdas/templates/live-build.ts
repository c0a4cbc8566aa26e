/**
 * A version's build on the template item, which the card's build badge on `/mvps`, the home page
 * and seller pages is made from (docs/data-model.md, "MVP (exists) and MvpVersion": `live_build`,
 * `next_build`). The builds domain keeps each version's record; the templates domain owns the
 * item, so the pipeline's RecordBuild (processing/tasks/record-build.ts) writes it through here.
 *
 * Two marks, each with its version's file: the live version's and the build of the version on its
 * way. The catalog shows the one whose file is the template's own, so a newer version's build
 * changes no card while it is processed or reviewed, and shows the moment the version goes live
 * (processing's Publish, an admin's approval), with no write of its own in either: they only
 * switch the template's file, in their own transaction.
 */
import type { CardBuild } from '../../contract/catalog';
import { bumpCatalogVersion, getTemplateById, getVersion, setBuildMark } from './repo';

/** `live`: the card shows it now; `next`: once its version goes live; `none`: neither. */
export type BuildMarkOutcome = 'live' | 'next' | 'unchanged' | 'none';

/**
 * Records `build` as the build of `versionId` on its template: the live version's (the template
 * serves its file: a first version, or a rebuild of the live one) or the pending version's. A
 * withdrawn, superseded or unknown version changes nothing. When an approved template's card
 * changes, `updated_at` and the catalog version move, as for any change of a card, so every browse
 * cache shows it at its next read.
 */
export const recordVersionBuildMark = async (
  templateId: string,
  versionId: string,
  build: CardBuild,
  now = new Date().toISOString(),
): Promise<BuildMarkOutcome> => {
  const [template, version] = await Promise.all([
    getTemplateById(templateId),
    getVersion(templateId, versionId),
  ]);
  if (!template || !version) return 'none';
  const live = template.file_key !== undefined && template.file_key === version.file_key;
  if (!live && template.pending_version_id !== versionId) return 'none';
  const field = live ? 'live_build' : 'next_build';
  const current = template[field];
  if (
    current?.file_key === version.file_key &&
    current.outcome === build.outcome &&
    (current.package_manager ?? null) === build.package_manager
  ) {
    return 'unchanged';
  }
  // Only a listed card changes: a template in review is stamped when it is approved.
  const shown = live && template.status === 'approved';
  const written = await setBuildMark({
    templateId,
    field,
    mark: {
      file_key: version.file_key,
      outcome: build.outcome,
      ...(build.package_manager ? { package_manager: build.package_manager } : {}),
    },
    expected: live ? version.file_key : versionId,
    stamp: shown ? now : null,
  });
  if (!written) return 'none';
  if (shown) await bumpCatalogVersion(0, now);
  return live ? 'live' : 'next';
};
