import { useState } from 'react';
import { AspectRatio, Box, HStack, Image } from '@chakra-ui/react';
import { FALLBACK_PREVIEW_IMAGE } from '../lib/card-format';

/** The main preview with thumbnails to switch between the template's images. */
export function ImageGallery({ images, title }: { images: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const shown = images.length > 0 ? images : [FALLBACK_PREVIEW_IMAGE];
  const current = shown[Math.min(selected, shown.length - 1)];

  return (
    <Box data-testid="mvp-gallery">
      <AspectRatio ratio={16 / 9} rounded="xl" overflow="hidden" borderWidth="1px" bg="bg.muted">
        <Image src={current} alt={`${title} preview ${selected + 1}`} objectFit="cover" />
      </AspectRatio>
      {shown.length > 1 && (
        <HStack gap="3" mt="3" overflowX="auto" pb="1">
          {shown.map((image, index) => (
            <Box
              key={image}
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
                <Image src={image} alt="" objectFit="cover" />
              </AspectRatio>
            </Box>
          ))}
        </HStack>
      )}
    </Box>
  );
}
