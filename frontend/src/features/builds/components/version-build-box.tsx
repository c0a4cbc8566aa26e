/**
 * A template's newest version's build in the admin's review queue, read-only: the same report
 * the seller sees, the end of the log collapsed, or why there is none, and the pictures of its
 * first screen (no Add to gallery: that is the seller's).
 */
import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { isMissingBuild, useNewestBuild } from '../api/get-build';
import { BuildPictures } from './build-pictures';
import { BuildReportView } from './build-report-view';
import { QueryError } from '@/components/query-error';
import { errorMessage } from '@/lib/api-error';
import { failedQueryProps } from '@/lib/query-retry';

export function VersionBuildBox({ mvpId }: { mvpId: string }) {
  const query = useNewestBuild(mvpId);
  const { data, isPending, error } = query;
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="admin-build">
      <Text fontWeight="semibold" fontSize="sm" mb="2">
        Build
      </Text>
      {isPending ? (
        <Skeleton h="4" w="50%" />
      ) : error ? (
        isMissingBuild(error) ? (
          <Text fontSize="sm" color="fg.muted">
            {errorMessage(error)}
          </Text>
        ) : (
          <QueryError {...failedQueryProps(query)} testId="admin-build-error" />
        )
      ) : (
        <Stack gap="3">
          <BuildReportView
            report={data.build}
            previous={data.previous}
            versionNumber={data.version_number}
          />
          <BuildPictures mvpId={mvpId} newest={data} canAdd={false} />
        </Stack>
      )}
    </Box>
  );
}
