/** A build's outcome as a badge with its icon: "Builds", "Build failed", "Not built". */
import { Badge } from '@chakra-ui/react';
import { LuPackage, LuPackageCheck, LuPackageX } from 'react-icons/lu';
import { BUILD_OUTCOME_LABELS, BUILD_OUTCOME_PALETTES } from '@contract/builds';
import type { BuildOutcome } from '@contract/design/build';

const ICONS = { built: LuPackageCheck, failed: LuPackageX, not_built: LuPackage } as const;

export function BuildOutcomeBadge({ outcome }: { outcome: BuildOutcome | null }) {
  const shown = outcome ?? 'not_built';
  const Icon = ICONS[shown];
  return (
    <Badge
      colorPalette={BUILD_OUTCOME_PALETTES[shown]}
      variant="subtle"
      size="md"
      data-testid="build-outcome"
      data-outcome={shown}
    >
      <Icon aria-hidden="true" /> {BUILD_OUTCOME_LABELS[shown]}
    </Badge>
  );
}
