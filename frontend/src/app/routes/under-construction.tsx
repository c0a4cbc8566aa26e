import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuConstruction } from 'react-icons/lu';
import { paths } from '../../config/paths';

/**
 * The generic under-construction page (buyer spec §2): the placeholder routes and pages that come
 * with later work show it with their name, so no link in the shell leads to a dead end or a 404.
 */
export default function UnderConstructionRoute({ pageName }: { pageName: string }) {
  return (
    <Container maxW="xl" py="24" textAlign="center" data-testid="under-construction">
      <Stack gap="4" align="center">
        <Text fontSize="6xl" color="purple.fg" lineHeight="1" aria-hidden>
          <LuConstruction />
        </Text>
        <Heading as="h1" size="2xl">
          {pageName}
        </Heading>
        <Text color="fg.muted">
          This page is under construction. We are working on it and it will be available soon.
        </Text>
        <HStack gap="3">
          <Button asChild colorPalette="purple">
            <RouterLink to={paths.home.getHref()}>Go back home</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.browse.getHref()}>Browse MVPs</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
