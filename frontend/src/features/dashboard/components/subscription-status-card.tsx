import { Badge, Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { planById } from '@contracts/plans';
import type { SubscriptionView } from '@contracts/subscriptions';
import { paths } from '../../../config/paths';
import { periodText } from '../lib/format';

export interface SubscriptionStatusCardProps {
  view: SubscriptionView | undefined;
  failed: boolean;
}

/** The plan, its status and the next renewal (or end), or a way to get a plan. */
export function SubscriptionStatusCard({ view, failed }: SubscriptionStatusCardProps) {
  const active = view?.subscription_status === 'active' && view.plan_type !== null;
  return (
    <Card.Root variant="outline" data-testid="subscription-status">
      <Card.Header>
        <Heading size="md">Subscription</Heading>
      </Card.Header>
      <Card.Body gap="3">
        {failed ? (
          <Text color="fg.error">Failed to fetch subscription data.</Text>
        ) : !view ? (
          <Text color="fg.muted">Loading…</Text>
        ) : active && view.plan_type ? (
          <Stack gap="2">
            <Text fontSize="2xl" fontWeight="bold">
              {planById(view.plan_type).name} plan
            </Text>
            <Badge colorPalette="green" alignSelf="start">
              Active
            </Badge>
            <Text color="fg.muted">{periodText(view)}</Text>
            {view.payment_method_brand && view.payment_method_last4 && (
              <Text fontSize="sm" color="fg.muted">
                Paying with {view.payment_method_brand} ending in {view.payment_method_last4}
              </Text>
            )}
            <Button asChild size="sm" variant="outline" colorPalette="purple" alignSelf="start">
              <RouterLink to={paths.pricing.getHref()}>Change plan</RouterLink>
            </Button>
          </Stack>
        ) : (
          <Stack gap="3">
            <Text fontWeight="medium">No active subscription</Text>
            {view.plan_type && (
              <Text fontSize="sm" color="fg.muted">
                Your {planById(view.plan_type).name} plan is no longer active.
              </Text>
            )}
            <Button asChild size="sm" colorPalette="purple" alignSelf="start">
              <RouterLink to={paths.pricing.getHref()}>View plans</RouterLink>
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
