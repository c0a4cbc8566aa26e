/**
 * The pictures of the newest build's first screen (desktop and phone), under its report: each
 * with its size and "Captured from v1.4.0", and for the seller "Add to gallery", which then says
 * "Added to gallery". Why a picture is missing is said in words; an admin reads, never adds.
 */
import { Alert, Box, Button, Image, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuImagePlus, LuCheck } from 'react-icons/lu';
import type { BuildPicture, NewestBuild } from '@contract/builds';
import { captureCaption } from '@contract/design/capture';
import { errorMessage } from '@/lib/api-error';
import { useAddPictureToGallery, useBuildPicture } from '../api/pictures';

interface PictureProps {
  mvpId: string;
  versionId: string;
  finishedAt: string | null;
  versionNumber: string;
  picture: BuildPicture;
  canAdd: boolean;
}

function Picture({ mvpId, versionId, finishedAt, versionNumber, picture, canAdd }: PictureProps) {
  const { url, isError, error } = useBuildPicture(mvpId, picture.viewport, {
    versionId,
    finishedAt,
  });
  const add = useAddPictureToGallery(mvpId);
  const added = picture.in_gallery || (add.isSuccess && add.variables === picture.viewport);
  const caption = captureCaption(versionNumber);
  return (
    <Stack gap="2" as="figure" data-testid={`build-picture-${picture.viewport}`}>
      <Box
        borderWidth="1px"
        rounded="md"
        overflow="hidden"
        bg="bg.muted"
        // The picture's own proportions, so the page does not move when it arrives.
        aspectRatio={`${picture.width} / ${picture.height}`}
        maxH={picture.viewport === 'phone' ? '80' : undefined}
        mx={picture.viewport === 'phone' ? 'auto' : undefined}
      >
        {url ? (
          <Image
            src={url}
            alt={`${picture.label}: ${caption}`}
            w="full"
            h="full"
            objectFit="cover"
          />
        ) : isError ? (
          <Text fontSize="sm" color="fg.muted" p="3">
            {errorMessage(error)}
          </Text>
        ) : (
          <Skeleton w="full" h="full" />
        )}
      </Box>
      <Text as="figcaption" fontSize="sm" color="fg.muted">
        {picture.label}, {picture.width} × {picture.height} · {caption}
      </Text>
      {canAdd && (
        <Box>
          <Button
            type="button"
            size="sm"
            variant="outline"
            colorPalette={added ? 'green' : 'purple'}
            disabled={added}
            loading={add.isPending}
            loadingText="Adding…"
            onClick={() => add.mutate(picture.viewport)}
            data-testid={`add-to-gallery-${picture.viewport}`}
          >
            {added ? <LuCheck /> : <LuImagePlus />} {added ? 'Added to gallery' : 'Add to gallery'}
          </Button>
        </Box>
      )}
      {add.isSuccess && add.data.held && (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {add.data.message}
        </Text>
      )}
      {add.isError && (
        <Alert.Root
          status="error"
          size="sm"
          data-testid={`add-to-gallery-error-${picture.viewport}`}
        >
          <Alert.Indicator />
          <Alert.Title>{errorMessage(add.error)}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}

export interface BuildPicturesProps {
  mvpId: string;
  /** The newest version's build as `GET /api/mvps/{id}/build/newest` answers it. */
  newest: NewestBuild;
  /** The template's seller: only they add a picture to the gallery. */
  canAdd: boolean;
}

export function BuildPictures({ mvpId, newest, canAdd }: BuildPicturesProps) {
  const pictures = newest.pictures ?? [];
  const reason = newest.pictures_reason ?? null;
  const { version_id: versionId, version_number: versionNumber } = newest;
  // When the build ended: a rebuild's pictures replace the last ones.
  const finishedAt = newest.build?.finished_at ?? null;
  if (pictures.length === 0 && !reason) return null;
  return (
    <Stack gap="3" data-testid="build-pictures">
      <Text fontWeight="semibold" fontSize="sm">
        Pictures of the first screen
      </Text>
      {pictures.length > 0 && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
          {pictures.map((picture) => (
            <Picture
              key={`${versionId}-${picture.viewport}`}
              mvpId={mvpId}
              versionId={versionId}
              finishedAt={finishedAt}
              versionNumber={versionNumber}
              picture={picture}
              canAdd={canAdd}
            />
          ))}
        </SimpleGrid>
      )}
      {reason && (
        <Text fontSize="sm" color="fg.muted" data-testid="build-pictures-reason">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
