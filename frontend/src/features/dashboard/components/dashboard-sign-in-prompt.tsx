import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/config/paths';
import { SignInButton } from '@/components/sign-in-link';

export function DashboardSignInPrompt() {
  return (
    <Container maxW="lg" py="20">
      <Stack gap="4" align="center" textAlign="center" data-testid="dashboard-sign-in">
        <Heading size="xl">Sign in to see your dashboard</Heading>
        <Text color="fg.muted">
          Your subscription, downloads and account live here once you are signed in.
        </Text>
        <SignInButton from={paths.dashboard.getHref()} />
      </Stack>
    </Container>
  );
}
