import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

export function DashboardSignInPrompt() {
  return (
    <Container maxW="lg" py="20">
      <Stack gap="4" align="center" textAlign="center" data-testid="dashboard-sign-in">
        <Heading size="xl">Sign in to see your dashboard</Heading>
        <Text color="fg.muted">
          Your subscription, downloads and account live here once you are signed in.
        </Text>
        <Button asChild colorPalette="purple">
          <RouterLink to={paths.auth.getHref()} state={{ from: paths.dashboard.getHref() }}>
            Sign In
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
