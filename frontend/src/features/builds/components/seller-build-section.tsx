/**
 * The edit page's Build section for the template's seller: the newest version's build report (the
 * end of its log collapsed), the pictures of its first screen with Add to gallery, and Rebuild, which runs the build again. While a build runs the
 * report is asked again every few seconds and the button says so; a refusal (409) is shown in the
 * API's words.
 */
import {
  Alert,
  Button,
  Card,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuExternalLink, LuRefreshCw } from 'react-icons/lu';
import { BUILD_MESSAGES } from '@contract/builds';
import { PREVIEW_TEXTS } from '@contract/previews';
import { isMissingBuild, useNewestBuild } from '../api/get-build';
import { useNewestPreview } from '../api/get-preview';
import { useRebuild } from '../api/rebuild';
import { BuildPictures } from './build-pictures';
import { BuildReportView } from './build-report-view';
import { QueryError } from '@/components/query-error';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth-session';
import { failedQueryProps } from '@/lib/query-retry';

/** The anchor of the section. */
export const BUILD_SECTION_ID = 'build';

function RebuildControl({
  mvpId,
  canRebuild,
  running,
  refusal,
}: {
  mvpId: string;
  canRebuild: boolean;
  running: boolean;
  refusal: string | null;
}) {
  const rebuild = useRebuild(mvpId);
  const busy = rebuild.isPending || running;
  return (
    <Stack gap="2">
      <HStack gap="3" flexWrap="wrap">
        <Button
          type="button"
          size="sm"
          variant="outline"
          colorPalette="purple"
          loading={busy}
          loadingText={running ? 'Building…' : 'Starting…'}
          disabled={!canRebuild && !busy}
          onClick={() => rebuild.mutate()}
          data-testid="rebuild"
        >
          <LuRefreshCw /> Rebuild
        </Button>
        {refusal && !running && (
          <Text fontSize="sm" color="fg.muted" data-testid="rebuild-refusal">
            {refusal}
          </Text>
        )}
        {running && (
          <Text fontSize="sm" color="fg.muted" data-testid="rebuild-running" aria-live="polite">
            A build is running; this report updates when it ends.
          </Text>
        )}
      </HStack>
      {rebuild.isError && (
        <Alert.Root status="error" size="sm" data-testid="rebuild-error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(rebuild.error)}</Alert.Title>
        </Alert.Root>
      )}
      {rebuild.isSuccess && running && (
        <Alert.Root status="info" size="sm" data-testid="rebuild-started">
          <Alert.Indicator />
          <Alert.Title>{rebuild.data.message}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** The newest version's built site, signed for the seller (or an admin), before approval too. */
function NewestPreviewLink({ mvpId }: { mvpId: string }) {
  const { data } = useNewestPreview(mvpId);
  if (!data) return null;
  return (
    <Link
      href={data.url}
      target="_blank"
      rel="noopener noreferrer"
      fontSize="sm"
      data-testid="newest-preview-open"
    >
      {PREVIEW_TEXTS.openNewest(data.version_number)} <LuExternalLink aria-hidden="true" />
    </Link>
  );
}

export interface SellerBuildSectionProps {
  mvpId: string;
  /** The template's seller: only they rebuild it (an admin editing it reads the report). */
  sellerId: string;
}

export function SellerBuildSection({ mvpId, sellerId }: SellerBuildSectionProps) {
  const { session } = useSession();
  const isOwner = session.status === 'signedIn' && session.user.userId === sellerId;
  const query = useNewestBuild(mvpId, { poll: true });
  const { data, isPending, error } = query;
  // A template without a version has nothing to build: no section.
  if (error && isMissingBuild(error)) return null;
  return (
    <Stack gap="3" as="section" id={BUILD_SECTION_ID} aria-labelledby="seller-build">
      <Heading as="h2" size="lg" id="seller-build">
        Build
      </Heading>
      <Card.Root variant="outline">
        <Card.Body p="4" gap="4" data-testid="seller-build">
          {isPending ? (
            <Stack gap="2" aria-busy="true">
              <Skeleton h="5" w="32" />
              <Skeleton h="4" w="60%" />
            </Stack>
          ) : error ? (
            <QueryError {...failedQueryProps(query)} testId="seller-build-error" />
          ) : (
            <>
              <BuildReportView
                report={data.build}
                previous={data.previous}
                versionNumber={data.version_number}
                notBuiltText={BUILD_MESSAGES.notBuiltYetSeller}
              />
              <BuildPictures mvpId={mvpId} newest={data} canAdd={isOwner} />
              {data.build?.has_preview && !data.running && <NewestPreviewLink mvpId={mvpId} />}
              {isOwner && (
                <RebuildControl
                  mvpId={mvpId}
                  canRebuild={data.can_rebuild}
                  running={data.running}
                  refusal={data.rebuild_refusal}
                />
              )}
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
