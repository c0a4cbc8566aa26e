import { useState } from 'react';
import { Alert, Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { REFUND_MESSAGES } from '@contracts/refunds';
import type { Subscription } from '@contracts/subscriptions';
import { PageSpinner } from '../../../components/page-spinner';
import { RefundHistory } from './refund-history';
import { RefundRequestForm } from './refund-request-form';

export interface RefundRequestViewProps {
  /** The caller's subscriptions, loaded by the route. */
  subscriptions: readonly Subscription[] | undefined;
  subscriptionsLoading: boolean;
  subscriptionsFailed: boolean;
}

type RefundTab = 'new' | 'history';

/** `/refund-request`: tabs New Request and Request History (buyer spec §2). */
export function RefundRequestView({
  subscriptions,
  subscriptionsLoading,
  subscriptionsFailed,
}: RefundRequestViewProps) {
  const [tab, setTab] = useState<RefundTab>('new');
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Stack gap="1">
          <Heading size="2xl">Refund Requests</Heading>
          <Text color="fg.muted">Request a refund on one of your subscriptions.</Text>
        </Stack>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as RefundTab)}
          variant="line"
          colorPalette="purple"
        >
          <Tabs.List>
            <Tabs.Trigger value="new">New Request</Tabs.Trigger>
            <Tabs.Trigger value="history">Request History</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="new">
            {subscriptionsFailed ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{REFUND_MESSAGES.loadSubscriptionsFailed}</Alert.Title>
              </Alert.Root>
            ) : subscriptionsLoading || !subscriptions ? (
              <PageSpinner />
            ) : (
              <RefundRequestForm subscriptions={subscriptions} />
            )}
          </Tabs.Content>
          <Tabs.Content value="history">{tab === 'history' && <RefundHistory />}</Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}
