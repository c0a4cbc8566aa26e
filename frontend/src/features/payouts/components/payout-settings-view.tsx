/**
 * `/payout-settings` for approved sellers: the Stripe Connect account's state with the one action
 * that fits it (connect, finish onboarding, or open the Stripe Express dashboard for bank details
 * and payouts), when payouts are made, and how earnings are split.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuExternalLink } from 'react-icons/lu';
import type { ConnectStatus } from '@contract/billing';
import { BPS, SELLER_SHARE_BPS } from '@contract/payouts';
import { paths } from '@/config/paths';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { errorMessage } from '@/lib/api-error';
import { useCreateAccountLink } from '../api/create-account-link';
import { useCreateLoginLink } from '../api/create-login-link';
import { useConnectStatus } from '../api/get-connect-status';
import { connectFailure } from '../lib/connect';

const SELLER_PERCENT = (SELLER_SHARE_BPS / BPS) * 100;
const PLATFORM_PERCENT = 100 - SELLER_PERCENT;

export function PayoutSettingsView() {
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }} data-testid="payout-settings">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="3xl">
            Payout Settings
          </Heading>
          <Text color="fg.muted">
            Where your earnings go, when they are paid and how they are calculated.
          </Text>
        </Stack>
        <ConnectCard />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Card.Root variant="outline" data-testid="payout-schedule">
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                Payout schedule
              </Heading>
              <Text>
                Payouts are made on the <strong>1st of each month</strong> for the previous
                month&apos;s earnings, in pounds, to the bank account in your Stripe account.
              </Text>
              <Text color="fg.muted" fontSize="sm">
                Stripe usually takes a few working days to move the money to your bank. While your
                account is not connected, earnings wait as pending payouts and are paid by the next
                run after you connect.
              </Text>
              <Button asChild variant="outline" size="sm" alignSelf="start">
                <RouterLink to={paths.payouts.getHref()}>View payout history</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" data-testid="payout-split">
            <Card.Body gap="3">
              <Heading as="h2" size="md">
                How earnings are split
              </Heading>
              <List.Root gap="2" ps="4">
                <List.Item>
                  <strong>Subscriptions:</strong> each month, subscription payments (less refunds)
                  form a pool. {SELLER_PERCENT}% of it goes to sellers in proportion to how often
                  their templates were downloaded; the platform keeps {PLATFORM_PERCENT}%.
                </List.Item>
                <List.Item>
                  <strong>One-time sales:</strong> you receive {SELLER_PERCENT}% of each sale of
                  your templates (less refunds); the platform fee is {PLATFORM_PERCENT}%.
                </List.Item>
              </List.Root>
              <Text color="fg.muted" fontSize="sm">
                Example: a £20.00 one-time sale earns you £14.00. If your downloads were a tenth of
                all downloads in a month with a £1,000.00 pool, your pool share is £70.00.
              </Text>
              <Button asChild variant="outline" size="sm" alignSelf="start">
                <RouterLink to={paths.analytics.getHref()}>See earnings per template</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** What the account's state reads as, and its badge. */
function describe(status: ConnectStatus): { label: string; palette: string; text: string } {
  if (status.payouts_enabled) {
    return {
      label: 'Payouts enabled',
      palette: 'green',
      text: 'Your Stripe account is connected and can receive payouts. Change your bank account, see your balance and Stripe’s payouts in the Stripe Express dashboard.',
    };
  }
  if (status.connected) {
    return {
      label: status.details_submitted ? 'Being verified' : 'Setup not finished',
      palette: 'orange',
      text: status.details_submitted
        ? 'Stripe is checking your details. Payouts start once Stripe confirms your account.'
        : 'Your Stripe account exists but its setup is not finished. Finish it to receive payouts.',
    };
  }
  return {
    label: 'Not connected',
    palette: 'gray',
    text: 'Connect a Stripe account to receive your payouts. Stripe, not us, holds your bank details.',
  };
}

function ConnectCard() {
  const status = useConnectStatus();
  const onboarding = useCreateAccountLink();
  const dashboard = useCreateLoginLink();

  return (
    <Card.Root variant="outline" data-testid="connect-status">
      <Card.Body gap="4">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">
            Stripe Connect
          </Heading>
          {status.data && (
            <Badge colorPalette={describe(status.data).palette} size="lg">
              {describe(status.data).label}
            </Badge>
          )}
        </HStack>
        {status.isError ? (
          <QueryError {...failedQueryProps(status)} testId="connect-status-error" />
        ) : !status.data ? (
          <Skeleton h="16" />
        ) : (
          <>
            <Text>{describe(status.data).text}</Text>
            <HStack wrap="wrap" gap="3">
              {status.data.details_submitted ? (
                <Button
                  colorPalette="purple"
                  loading={dashboard.isPending}
                  onClick={() => dashboard.mutate()}
                >
                  Open Stripe Express dashboard <LuExternalLink />
                </Button>
              ) : status.data.connected ? (
                <Button
                  colorPalette="purple"
                  loading={onboarding.isPending}
                  onClick={() => onboarding.mutate()}
                >
                  Finish Stripe setup
                </Button>
              ) : (
                <Button asChild colorPalette="purple">
                  <RouterLink to={paths.connectStripe.getHref()}>Connect Stripe</RouterLink>
                </Button>
              )}
            </HStack>
            {dashboard.isError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{errorMessage(dashboard.error)}</Alert.Title>
              </Alert.Root>
            )}
            {onboarding.isError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{connectFailure(onboarding.error)}</Alert.Title>
              </Alert.Root>
            )}
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
