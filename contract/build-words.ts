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

export const PACKAGE_MANAGER_NAMES: Record<BuildPackageManager, string> = {
  npm: 'npm',
  pnpm: 'pnpm',
  yarn: 'Yarn',
  bun: 'Bun',
  uv: 'uv',
};

/**
 * What a card's build badge says when pointed at or read aloud: `Builds with npm`; a failure or
 * no build with where its reason is (the template page, which the card opens). Begins with the
 * badge's word.
 */
export const cardBuildTitle = (build: {
  outcome: BuildOutcome;
  package_manager: BuildPackageManager | null;
}): string => {
  if (build.outcome === 'built') {
    return build.package_manager
      ? `${BUILD_OUTCOME_LABELS.built} with ${PACKAGE_MANAGER_NAMES[build.package_manager]}`
      : BUILD_OUTCOME_LABELS.built;
  }
  return `${BUILD_OUTCOME_LABELS[build.outcome]}: the template page says why`;
};
