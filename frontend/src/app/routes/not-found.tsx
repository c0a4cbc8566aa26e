import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <Container maxW="xl" py="24" textAlign="center">
      <Stack gap="4" align="center">
        <Text fontSize="7xl" fontWeight="bold" color="purple.fg" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="purple">
          <RouterLink to={paths.home.getHref()}>Go back home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
