/**
 * The demo template built with Vite (starter.ts, `VITE_DEMO_TEMPLATE_ID`) gets a real build, as
 * an upload would: the seed imports templates without the pipeline, so it starts the pipeline's
 * build steps alone for that version (a rebuild, lambdas/templates/builds.ts, claimed on the
 * version as the seller's Rebuild is) when the version has no build yet, or was not built (the
 * stack stopped during its build). The build runs in the background (the local build runner, from
 * the local registry, offline); the template page shows it when it ends.
 */
import { getBuildWithPrevious } from '../../../lambdas/builds/service';
import { startVersionRebuild } from '../../../lambdas/templates/builds';
import { getVersion } from '../../../lambdas/templates/repo';
import { VITE_DEMO_TEMPLATE_ID } from './starter';

/** Starts the demo's build unless it has one; true when it started it. */
export const seedDemoBuild = async (): Promise<boolean> => {
  // The version id of an imported template is its own id (lambdas/templates/import.ts).
  const [templateId, versionId] = [VITE_DEMO_TEMPLATE_ID, VITE_DEMO_TEMPLATE_ID];
  const { build } = await getBuildWithPrevious(templateId, versionId);
  // Not built last time (the stack stopped during it, no registry ran): built now.
  if (build && build.outcome !== 'not_built') return false;
  const version = await getVersion(templateId, versionId);
  // A data folder seeded before the demo was a Vite project keeps its older, static bundle.
  if (version?.site_settings?.framework !== 'Vite') return false;
  // Taken over: a claim left by a stack stopped mid-build (none of this stack's own runs yet).
  return (await startVersionRebuild(version, build, { force: true })) !== null;
};
