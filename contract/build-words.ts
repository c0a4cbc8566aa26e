/**
 * A build's words as badges say them: the template page's (contract/builds.ts re-exports these)
 * and the cards' on `/mvps` and the home page. Apart from contract/builds.ts so that a card, in
 * the home page's first scripts, brings only these few words and not the pages' texts and rules.
 */
import type { BuildOutcome, BuildPackageManager } from './design/build';

/** The badge's word for each outcome. */
export const BUILD_OUTCOME_LABELS: Record<BuildOutcome, string> = {
  built: 'Builds',
  failed: 'Build failed',
  not_built: 'Not built',
};

export const BUILD_OUTCOME_PALETTES: Record<BuildOutcome, 'green' | 'red' | 'gray'> = {
  built: 'green',
  failed: 'red',
  not_built: 'gray',
};

/**
 * What a card's build badge says: `Builds with npm` (the package manager by its command's name),
 * else the outcome's word; the figures and a failure's reason are on the template page.
 */
export const cardBuildText = (build: {
  outcome: BuildOutcome;
  package_manager: BuildPackageManager | null;
}): string =>
  build.outcome === 'built' && build.package_manager
    ? `${BUILD_OUTCOME_LABELS.built} with ${build.package_manager}`
    : BUILD_OUTCOME_LABELS[build.outcome];
