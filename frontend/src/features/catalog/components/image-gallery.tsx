import { useState } from 'react';
import { AspectRatio, Box, HStack, Image, Link } from '@chakra-ui/react';
import { FALLBACK_PREVIEW_IMAGE } from '../lib/card-format';
import type { GalleryImage } from '../lib/gallery-images';

const FALLBACK: GalleryImage = {
  view: FALLBACK_PREVIEW_IMAGE,
  thumbnail: FALLBACK_PREVIEW_IMAGE,
  original: FALLBACK_PREVIEW_IMAGE,
};

/**
 * The main preview (its 1200 px rendition, a link to the original full size) with thumbnails to
 * switch between the template's images.
 */
export function ImageGallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const shown = images.length > 0 ? images : [FALLBACK];
  const current = shown[Math.min(selected, shown.length - 1)]!;

  return (
    <Box data-testid="mvp-gallery">
      <AspectRatio ratio={16 / 9} rounded="xl" overflow="hidden" borderWidth="1px" bg="bg.muted">
        {images.length > 0 ? (
          <Link
            href={current.original}
            target="_blank"
            rel="noopener"
            aria-label={`Open preview ${selected + 1} of ${title} full size`}
            display="block"
          >
            <Image
              src={current.view}
              // The page's largest element on every screen: fetched before the thumbnails.
              fetchPriority="high"
              alt={`${title} preview ${selected + 1}`}
              objectFit="cover"
              w="full"
              h="full"
            />
          </Link>
        ) : (
          <Image src={current.view} alt={`${title} preview ${selected + 1}`} objectFit="cover" />
        )}
      </AspectRatio>
      {shown.length > 1 && (
        <HStack gap="3" mt="3" overflowX="auto" pb="1">
          {shown.map((image, index) => (
            <Box
              key={image.original}
              as="button"
              flexShrink={0}
              w="24"
              rounded="md"
              overflow="hidden"
              borderWidth="2px"
              borderColor={index === selected ? 'purple.solid' : 'transparent'}
              opacity={index === selected ? 1 : 0.7}
              _hover={{ opacity: 1 }}
              aria-label={`Show image ${index + 1}`}
              aria-current={index === selected}
              onClick={() => setSelected(index)}
            >
              <AspectRatio ratio={16 / 9}>
                <Image src={image.thumbnail} alt="" objectFit="cover" />
              </AspectRatio>
            </Box>
          ))}
        </HStack>
      )}
    </Box>
  );
}
