/**
 * Where the template page's Live preview goes: shown only when the live version's build made a
 * static site (the build badge's own query, no request of its own), its section loaded as a chunk
 * of its own then (live-preview-section.tsx), so a template without a preview pays nothing.
 */
import { Heading, Skeleton, Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { PREVIEW_TEXTS } from '@contract/previews';
import { useLiveBuild } from '../api/get-build';
import { PREVIEW_FRAME_HEIGHT_PX } from '../lib/preview-frame';

const LivePreviewSection = lazy(() => import('./live-preview-section'));

export function LivePreviewSlot({ mvpId }: { mvpId: string }) {
  const { data } = useLiveBuild(mvpId);
  if (!data?.build?.has_preview) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="live-preview-heading" data-testid="live-preview">
      <Heading as="h2" size="lg" id="live-preview-heading">
        {PREVIEW_TEXTS.heading}
      </Heading>
      <Suspense fallback={<Skeleton h={`${PREVIEW_FRAME_HEIGHT_PX}px`} maxH="60vh" w="full" />}>
        <LivePreviewSection mvpId={mvpId} />
      </Suspense>
    </Stack>
  );
}
