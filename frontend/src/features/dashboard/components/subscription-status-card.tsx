import type { ReactNode } from 'react';
import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { planById } from '@contract/plans';
import type { Profile } from '@contract/profile';
import type { SubscriptionView } from '@contract/subscriptions';
import { paths } from '../../../config/paths';
import { cardText, periodEndDate, periodLabel, quotaText } from '../lib/format';

export interface SubscriptionStatusCardProps {
  view: SubscriptionView | undefined;
  failed: boolean;
  /** The quota the subscription gives, left this month. */
  profile: Pick<Profile, 'downloads_remaining' | 'download_quota'>;
  /** Cancel at period end / resume, composed by the route from the subscriptions feature. */
  actions?: ReactNode;
  /**
   * "Manage billing" (the payment provider's portal: card, invoices, receipts), composed by the
   * route from the billing feature; given `label` "Update card" and `primary` where a payment
   * failed.
   */
  billingAction?: (options: { label?: string; primary?: boolean }) => ReactNode;
  /** An Enterprise plan our team set up: changed by talking to sales, not on /pricing. */
  managedBySales?: boolean;
}

/**
 * The plan, its status, the next renewal (or end), the card it is paid with and the downloads
 * left; or a way to get a plan.
 */
export function SubscriptionStatusCard({
  view,
  failed,
  profile,
  actions,
  billingAction,
  managedBySales = false,
}: SubscriptionStatusCardProps) {
  const active = view?.subscription_status === 'active' && view.plan_type !== null;
  const pastDue = view?.status === 'past_due' && view.plan_type !== null;
  const quota = (
    <DataList.Item>
      <DataList.ItemLabel>Downloads left</DataList.ItemLabel>
      <DataList.ItemValue data-testid="subscription-quota">
        {quotaText(profile.downloads_remaining, profile.download_quota)} this month
      </DataList.ItemValue>
    </DataList.Item>
  );
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
          <Stack gap="4">
            <HStack gap="3" wrap="wrap">
              <Text fontSize="2xl" fontWeight="bold" data-testid="subscription-plan">
                {planById(view.plan_type).name} plan
              </Text>
              {view.cancel_at_period_end ? (
                <Badge colorPalette="orange" data-testid="subscription-state">
                  Cancels at period end
                </Badge>
              ) : (
                <Badge colorPalette="green" data-testid="subscription-state">
                  Active
                </Badge>
              )}
            </HStack>
            <DataList.Root orientation="horizontal">
              {periodEndDate(view) && (
                <DataList.Item>
                  <DataList.ItemLabel>
                    {managedBySales ? 'Downloads start again on' : periodLabel(view)}
                  </DataList.ItemLabel>
                  <DataList.ItemValue data-testid="subscription-period">
                    {periodEndDate(view)}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
              {cardText(view.payment_method_brand, view.payment_method_last4) && (
                <DataList.Item>
                  <DataList.ItemLabel>Payment</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="subscription-card">
                    {cardText(view.payment_method_brand, view.payment_method_last4)}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
              {quota}
            </DataList.Root>
            <HStack gap="3" wrap="wrap" align="start">
              {managedBySales ? (
                <Button asChild size="sm" variant="outline" colorPalette="purple">
                  <RouterLink to={paths.contact.getHref()}>Contact sales</RouterLink>
                </Button>
              ) : (
                <Button asChild size="sm" variant="outline" colorPalette="purple">
                  <RouterLink to={paths.pricing.getHref()}>Change plan</RouterLink>
                </Button>
              )}
              {actions}
              {billingAction?.({})}
            </HStack>
          </Stack>
        ) : pastDue && view.plan_type ? (
          <Stack gap="4">
            <HStack gap="3" wrap="wrap">
              <Text fontSize="2xl" fontWeight="bold" data-testid="subscription-plan">
                {planById(view.plan_type).name} plan
              </Text>
              <Badge colorPalette="red" data-testid="subscription-state">
                Payment failed
              </Badge>
            </HStack>
            <Text data-testid="subscription-past-due">
              Your last payment did not go through. Update your card to keep your plan: the payment
              is tried again as soon as the new card is saved.
            </Text>
            <DataList.Root orientation="horizontal">
              {cardText(view.payment_method_brand, view.payment_method_last4) && (
                <DataList.Item>
                  <DataList.ItemLabel>Card on file</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="subscription-card">
                    {cardText(view.payment_method_brand, view.payment_method_last4)}
                  </DataList.ItemValue>
                </DataList.Item>
              )}
              {quota}
            </DataList.Root>
            <HStack gap="3" wrap="wrap" align="start">
              {billingAction?.({ label: 'Update card', primary: true })}
            </HStack>
          </Stack>
        ) : (
          <Stack gap="3">
            {view.plan_type ? (
              <>
                <HStack gap="3" wrap="wrap">
                  <Text fontSize="2xl" fontWeight="bold" data-testid="subscription-plan">
                    {planById(view.plan_type).name} plan
                  </Text>
                  <Badge colorPalette="gray" data-testid="subscription-state">
                    Ended
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted" data-testid="subscription-ended">
                  Your {planById(view.plan_type).name} plan has ended and gives no more downloads.
                  Choose a plan to download again.
                </Text>
              </>
            ) : (
              <Text fontWeight="medium">No active subscription</Text>
            )}
            <HStack gap="3" wrap="wrap" align="start">
              <Button asChild size="sm" colorPalette="purple">
                <RouterLink to={paths.pricing.getHref()}>View plans</RouterLink>
              </Button>
              {view.plan_type && billingAction?.({ label: 'Invoices and receipts' })}
            </HStack>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
