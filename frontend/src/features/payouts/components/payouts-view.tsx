/**
 * `/payouts`, for approved sellers: the four figures, the
 * Connect prompt while the seller has no Stripe account, the history filtered by status, and how
 * payouts work. Stripe's onboarding returns here with `?status=success`; the page then follows the
 * account's verification until Stripe confirms it.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  Container,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LuInfo } from 'react-icons/lu';
import { PAYOUT_FILTERS, PAYOUT_MESSAGES, type PayoutFilter } from '@contract/payouts';
import { FormAlert } from '@/components/form/form-alert';
import { paths } from '@/config/paths';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useConnectStatus } from '../api/get-connect-status';
import { useSellerPayouts } from '../api/get-payouts';
import { payoutKeys } from '../api/keys';
import { onboardingReturnNote } from '../lib/connect';
import { PAYOUT_FILTER_LABELS } from '../lib/payout-format';
import { PayoutHistory } from './payout-history';
import { PayoutSummary } from './payout-summary';

export function PayoutsView() {
  const [search] = useSearchParams();
  const [filter, setFilter] = useState<PayoutFilter>('all');
  const payouts = useSellerPayouts(filter);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} data-testid="payouts">
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size="3xl">
            Payouts
          </Heading>
          <Text color="fg.muted">Your earnings from subscriptions and one-time sales.</Text>
        </Stack>

        {search.get('status') === 'success' && <OnboardingReturnNote />}

        {payouts.isError ? (
          <QueryError {...failedQueryProps(payouts)} testId="payouts-error" />
        ) : (
          <>
            <PayoutSummary summary={payouts.data?.summary} />
            {payouts.data && !payouts.data.connected && (
              <Alert.Root status="warning" data-testid="connect-prompt">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{PAYOUT_MESSAGES.connectPrompt}</Alert.Title>
                  <Alert.Description>
                    Earnings wait as pending payouts until then, and are paid by the next monthly
                    run after you connect.
                  </Alert.Description>
                </Alert.Content>
                <Button asChild size="sm" colorPalette="purple" alignSelf="center">
                  <RouterLink to={paths.connectStripe.getHref()}>Connect Stripe</RouterLink>
                </Button>
              </Alert.Root>
            )}
          </>
        )}

        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Heading as="h2" size="lg">
              Payout history
            </Heading>
            <ButtonGroup size="sm" attached variant="outline" role="group" aria-label="Filter">
              {PAYOUT_FILTERS.map((option) => (
                <Button
                  key={option}
                  aria-pressed={filter === option}
                  variant={filter === option ? 'solid' : 'outline'}
                  colorPalette="purple"
                  onClick={() => setFilter(option)}
                >
                  {PAYOUT_FILTER_LABELS[option]}
                </Button>
              ))}
            </ButtonGroup>
          </HStack>
          {payouts.isPending ? (
            <Skeleton h="32" />
          ) : payouts.data ? (
            <PayoutHistory payouts={payouts.data.items} />
          ) : null}
        </Stack>

        <Alert.Root status="info" variant="subtle" data-testid="payout-info">
          <Alert.Indicator>
            <LuInfo />
          </Alert.Indicator>
          <Alert.Title fontWeight="normal">{PAYOUT_MESSAGES.info}</Alert.Title>
        </Alert.Root>
      </Stack>
    </Container>
  );
}

/** Back from Stripe's onboarding: "being verified" until `account.updated` enables payouts. */
function OnboardingReturnNote() {
  const [since] = useState(() => Date.now());
  const connect = useConnectStatus({ pollSince: since });
  const queryClient = useQueryClient();
  const enabled = connect.data?.payouts_enabled === true;

  // The payouts answer carries `connected` (the prompt): read it again once Stripe confirmed.
  useEffect(() => {
    if (enabled) void queryClient.invalidateQueries({ queryKey: payoutKeys.lists });
  }, [enabled, queryClient]);

  if (connect.isPending) return null;
  const note = onboardingReturnNote(connect.data);
  return <FormAlert status={note.status} title={note.title} data-testid="connect-return" />;
}
