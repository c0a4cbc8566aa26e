/**
 * `/success`: Stripe sends the buyer here with the
 * session id, shown as the transaction ID. The webhook records the payment a moment later, so the
 * page asks every second (with a spinner) until the subscription is active or the order complete,
 * then shows the plan and its quota, or the template now owned. After a minute it stops and points
 * to the dashboard, which shows the payment as soon as Stripe confirms it.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { LuCircleCheck } from 'react-icons/lu';
import type { CheckoutStatus } from '@contract/billing';
import { planById } from '@contract/plans';
import { paths } from '@/config/paths';
import { profileKeys } from '@/lib/my-profile';
import { useCheckoutStatus } from '../api/get-checkout-status';
import { CHECKOUT_POLL_LIMIT_MS, isCheckoutPending, quotaLine } from '../lib/checkout';
import { SignInLink } from '@/components/sign-in-link';

export interface CheckoutSuccessViewProps {
  /** The session's state is the buyer's own: a visitor is asked to sign in first. */
  signedIn: boolean;
  sessionId: string | null;
  /** Set by a one-time purchase's success URL: the wait says "purchase", not "subscription". */
  mvpId: string | null;
}

export function CheckoutSuccessView({ signedIn, sessionId, mvpId }: CheckoutSuccessViewProps) {
  return (
    <Container maxW="2xl" py={{ base: '10', md: '16' }} data-testid="checkout-success">
      <Card.Root variant="outline">
        <Card.Body gap="6">
          {sessionId && signedIn ? (
            <CheckoutOutcome sessionId={sessionId} mvpId={mvpId} />
          ) : sessionId ? (
            <SignInToSee sessionId={sessionId} />
          ) : (
            <Stack gap="2" data-testid="checkout-missing-session">
              <Heading as="h1" size="xl">
                No payment to show
              </Heading>
              <Text color="fg.muted">
                This page confirms a payment when Stripe sends you back after checkout, and this
                link has no checkout session. If you have just paid, your dashboard shows your plan
                or purchase.
              </Text>
            </Stack>
          )}
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="purple">
              <RouterLink to={paths.browse.getHref()}>Browse MVPs</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.dashboard.getHref()}>Go to Dashboard</RouterLink>
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            Questions about a payment?{' '}
            <Link asChild color="purple.fg">
              <RouterLink to={paths.support.getHref()}>Contact support</RouterLink>
            </Link>
          </Text>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

function TransactionId({ sessionId }: { sessionId: string }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        Transaction ID
      </Text>
      <Text data-testid="transaction-id" fontFamily="mono" fontSize="sm" wordBreak="break-all">
        {sessionId}
      </Text>
    </Box>
  );
}

function SignInToSee({ sessionId }: { sessionId: string }) {
  return (
    <Stack gap="4">
      <Stack gap="2" data-testid="checkout-sign-in">
        <Heading as="h1" size="xl">
          Sign in to see your payment
        </Heading>
        <Text color="fg.muted">
          <SignInLink /> with the account you paid with to see your plan or purchase.
        </Text>
      </Stack>
      <TransactionId sessionId={sessionId} />
    </Stack>
  );
}

function CheckoutOutcome({ sessionId, mvpId }: { sessionId: string; mvpId: string | null }) {
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const status = useCheckoutStatus(sessionId, startedAt);
  const queryClient = useQueryClient();
  const state = status.data?.status;
  const settled = status.isError || !isCheckoutPending(state);

  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setTimedOut(true), CHECKOUT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [settled]);

  // The header and the dashboard read the quota from the profile: read it again once paid.
  useEffect(() => {
    if (state === 'complete') void queryClient.invalidateQueries({ queryKey: profileKeys.me });
  }, [state, queryClient]);

  const purchase = status.data ? status.data.mode === 'payment' : mvpId !== null;
  return (
    <Stack gap="6">
      {status.isError ? (
        <QueryError {...failedQueryProps(status)} testId="checkout-error" />
      ) : state === 'complete' && status.data ? (
        <Completed status={status.data} />
      ) : state === 'expired' ? (
        <Stack gap="2" data-testid="checkout-expired">
          <Heading as="h1" size="xl">
            This checkout has expired
          </Heading>
          <Text color="fg.muted">
            The session ended before a payment was made, so you have not been charged.{' '}
            <Link asChild color="purple.fg">
              <RouterLink to={paths.pricing.getHref()}>See the plans</RouterLink>
            </Link>{' '}
            to try again.
          </Text>
        </Stack>
      ) : timedOut ? (
        <Alert.Root status="warning" data-testid="checkout-slow">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>This is taking longer than usual</Alert.Title>
            <Alert.Description>
              Your payment is safe. Stripe has not confirmed it to us yet; your{' '}
              <Link asChild color="purple.fg" fontWeight="semibold">
                <RouterLink to={paths.dashboard.getHref()}>dashboard</RouterLink>
              </Link>{' '}
              shows your {purchase ? 'purchase' : 'subscription'} as soon as it does.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <HStack gap="4" role="status" data-testid="checkout-processing">
          <Spinner size="lg" color="purple.solid" />
          <Stack gap="0">
            <Heading as="h1" size="lg">
              {purchase ? 'Confirming your purchase…' : 'Activating your subscription…'}
            </Heading>
            <Text color="fg.muted">This takes a few seconds. Please keep this page open.</Text>
          </Stack>
        </HStack>
      )}
      <TransactionId sessionId={sessionId} />
    </Stack>
  );
}

function Completed({ status }: { status: CheckoutStatus }) {
  if (status.mode === 'payment') {
    return (
      <Stack gap="3" data-testid="checkout-complete">
        <HStack gap="3">
          <Box color="green.fg" fontSize="3xl">
            <LuCircleCheck />
          </Box>
          <Heading as="h1" size="xl">
            Payment successful
          </Heading>
        </HStack>
        <Text fontSize="lg" data-testid="checkout-owned">
          You own {status.mvp_title ?? 'this template'}.
        </Text>
        <Text color="fg.muted">
          Download it as often as you like: it does not use your monthly quota.
        </Text>
        {status.mvp_id && (
          <Button asChild colorPalette="purple" variant="outline" alignSelf="start">
            <RouterLink to={paths.mvp.getHref(status.mvp_id)}>Go to the template</RouterLink>
          </Button>
        )}
      </Stack>
    );
  }
  const planName = status.plan_type ? planById(status.plan_type).name : null;
  return (
    <Stack gap="3" data-testid="checkout-complete">
      <HStack gap="3">
        <Box color="green.fg" fontSize="3xl">
          <LuCircleCheck />
        </Box>
        <Heading as="h1" size="xl">
          Payment successful
        </Heading>
      </HStack>
      <Text fontSize="lg" data-testid="checkout-plan">
        {planName ? `Your ${planName} plan is active.` : 'Your subscription is active.'}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid="checkout-quota">
        {quotaLine(status)}
      </Text>
      <Text color="fg.muted">Downloads reset every month when your subscription renews.</Text>
    </Stack>
  );
}
