import { Box, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../config/paths';

/**
 * The mark and wordmark; colours come from semantic tokens, so it follows the theme. `onDark` is
 * for surfaces that stay dark in either theme (the launch overlay), where the light theme's dark
 * "MVP" would vanish.
 */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    // The link's name is its visible wordmark (WCAG 2.5.3, label in name) and a word for screen
    // readers saying where it leads.
    <RouterLink to={paths.home.getHref()}>
      <HStack gap="2">
        <Box
          as="span"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          boxSize="8"
          rounded="lg"
          bg="colorPalette.solid"
          color="colorPalette.contrast"
          colorPalette="purple"
          aria-hidden="true"
        >
          <svg width="18" height="18" viewBox="0 0 32 32" fill="none">
            <path
              d="M6 24V8l10 9 10-9v16"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Box>
        <Text fontWeight="bold" fontSize="lg" letterSpacing="tight" color={onDark ? 'white' : 'fg'}>
          MVP
          <Text as="span" color={onDark ? 'purple.300' : 'purple.fg'}>
            Marketplace
          </Text>
          <VisuallyHidden> home</VisuallyHidden>
        </Text>
      </HStack>
    </RouterLink>
  );
}
