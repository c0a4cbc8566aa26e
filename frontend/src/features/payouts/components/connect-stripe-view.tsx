/**
 * `/connect-stripe`, for approved sellers: once
 * Stripe says the account can receive payouts, 'Stripe Account Connected!' with Back to Dashboard
 * and View Payouts; before that, what connecting involves in three steps and Connect with Stripe,
 * which sends the browser to Stripe's onboarding. An expired link brings the seller back here with
 * `?status=refresh`.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  Circle,
  Container,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LuCircleCheck } from 'react-icons/lu';
import { CONNECT_MESSAGES } from '@contract/billing';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useConnectStatus } from '../api/get-connect-status';
import { useCreateAccountLink } from '../api/create-account-link';
import { connectFailure } from '../lib/connect';

const STEPS = [
  {
    title: 'Connect with Stripe',
    text: 'We open Stripe’s secure onboarding page. Stripe, not us, holds your bank details.',
  },
  {
    title: 'Tell Stripe who you are',
    text: 'Give your business or personal details and the bank account your earnings go to.',
  },
  {
    title: 'Get paid every month',
    text: 'On the 1st of each month we send your share of last month’s earnings to your account.',
  },
] as const;

/** Stripe can pay the seller out: nothing left to connect. */
function StripeConnected() {
  return (
    <Container maxW="lg" py="16">
      <EmptyState.Root data-testid="stripe-connected">
        <EmptyState.Content>
          <EmptyState.Indicator color="green.fg">
            <LuCircleCheck />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>{CONNECT_MESSAGES.connected}</EmptyState.Title>
            <EmptyState.Description>
              Your payouts are sent to your Stripe account on the 1st of each month.
            </EmptyState.Description>
          </VStack>
          <HStack gap="3">
            <Button asChild variant="outline">
              <RouterLink to={paths.dashboard.getHref()}>Back to Dashboard</RouterLink>
            </Button>
            <Button asChild colorPalette="purple">
              <RouterLink to={paths.payouts.getHref()}>View Payouts</RouterLink>
            </Button>
          </HStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}

/** What connecting involves, in three numbered cards. */
function ConnectSteps() {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
      {STEPS.map((step, index) => (
        <Card.Root key={step.title} variant="outline">
          <Card.Body gap="3">
            <Circle size="8" bg="purple.solid" color="purple.contrast" fontWeight="bold">
              {index + 1}
            </Circle>
            <Heading as="h2" size="md">
              {step.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {step.text}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

export function ConnectStripeView() {
  const [search] = useSearchParams();
  const status = useConnectStatus();
  const link = useCreateAccountLink();

  if (status.isPending) return <PageSpinner />;
  if (status.isError) {
    return <QueryErrorPage {...failedQueryProps(status)} testId="connect-status-error" />;
  }

  if (status.data.payouts_enabled) {
    return <StripeConnected />;
  }

  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }} data-testid="connect-stripe">
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            Connect Stripe
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Connect a Stripe account to receive your earnings: 70% of the subscription pool in
            proportion to your downloads, plus 70% of your one-time sales.
          </Text>
        </Stack>

        {search.get('status') === 'refresh' && (
          <Alert.Root status="warning" data-testid="connect-refresh">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your Stripe onboarding link has expired.</Alert.Title>
              <Alert.Description>
                Links are valid for a few minutes only. Connect again to continue where you left
                off.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {status.data.details_submitted && (
          <Alert.Root status="info" data-testid="connect-verifying">
            <Alert.Indicator />
            <Alert.Title>
              Stripe is verifying the details you gave; payouts start once it confirms them. If it
              asked for more information, continue below.
            </Alert.Title>
          </Alert.Root>
        )}
        {link.isError && (
          <Alert.Root status="error" data-testid="connect-error">
            <Alert.Indicator />
            <Alert.Title>{connectFailure(link.error)}</Alert.Title>
          </Alert.Root>
        )}

        <ConnectSteps />

        <Box>
          <Button
            size="lg"
            colorPalette="purple"
            loading={link.isPending || link.isSuccess}
            loadingText="Redirecting to Stripe…"
            onClick={() => link.mutate()}
          >
            Connect with Stripe
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
