/**
 * The template page's build badge, beside its security notice: "Builds" with the package manager,
 * runtime and time ("npm 10.9 · Node 24 · built in 48 s, was 41 s"), "Build failed" or "Not built"
 * with the reason in words. Loaded on its own after the page, in a box of a fixed least height
 * (the badge and two lines), so nothing below moves when it arrives.
 */
import { Box, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { buildDetailText } from '@contract/builds';
import { isMissingBuild, useLiveBuild } from '../api/get-build';
import { BuildOutcomeBadge } from './build-outcome-badge';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

/** The badge's row and two lines of small text under it. */
const BADGE_BOX_HEIGHT = '4.25rem';

export function BuildBadge({ mvpId }: { mvpId: string }) {
  const query = useLiveBuild(mvpId);
  const { data, isPending, error } = query;
  return (
    <Box minH={BADGE_BOX_HEIGHT} data-testid="build-badge" aria-busy={isPending || undefined}>
      {isPending ? (
        <Stack gap="1.5">
          <Skeleton h="5" w="24" />
          <Skeleton h="4" w="70%" />
        </Stack>
      ) : error ? (
        // A template that is not public has no page to show this on: nothing to say.
        isMissingBuild(error) ? null : (
          <QueryError {...failedQueryProps(query)} testId="build-badge-error" />
        )
      ) : (
        <Stack gap="1">
          <HStack gap="2" flexWrap="wrap">
            <BuildOutcomeBadge outcome={data.build?.outcome ?? null} />
            <Text as="span" fontSize="xs" color="fg.muted">
              Version {data.version_number}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted" lineClamp={2} data-testid="build-detail">
            {buildDetailText(data.build, data.previous)}
          </Text>
        </Stack>
      )}
    </Box>
  );
}
