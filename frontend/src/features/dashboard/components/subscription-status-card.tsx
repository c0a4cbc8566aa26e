import { QueryError } from '@/components/query-error';
import { failedQueryProps, type FailedQuery } from '@/lib/query-retry';
import type { ReactNode } from 'react';
import { Badge, Button, Card, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { planById } from '@contract/plans';
import type { Profile } from '@contract/profile';
import type { SubscriptionView } from '@contract/subscriptions';
import { paths } from '@/config/paths';
import { cardText, periodEndDate, periodLabel, quotaText } from '../lib/format';

export interface SubscriptionStatusCardProps {
  view: SubscriptionView | undefined;
  /** The query, when it failed: its words and Try again take the data's place. */
  failed: FailedQuery | undefined;
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

type PlanType = NonNullable<SubscriptionView['plan_type']>;

interface SubscriptionStateProps {
  view: SubscriptionView;
  planType: PlanType;
  /** The downloads-left row, the same in every state that has a plan. */
  quota: ReactNode;
  billingAction?: SubscriptionStatusCardProps['billingAction'];
}

interface ActiveSubscriptionProps extends SubscriptionStateProps {
  actions?: ReactNode;
  managedBySales: boolean;
}

/** A plan in force: when it renews or ends, the card, the downloads left, and changing it. */
function ActiveSubscription({
  view,
  planType,
  quota,
  actions,
  billingAction,
  managedBySales,
}: ActiveSubscriptionProps) {
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="2xl" fontWeight="bold" data-testid="subscription-plan">
          {planById(planType).name} plan
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
  );
}

/** The last payment failed: the plan stays while the card is updated. */
function PastDueSubscription({ view, planType, quota, billingAction }: SubscriptionStateProps) {
  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="2xl" fontWeight="bold" data-testid="subscription-plan">
          {planById(planType).name} plan
        </Text>
        <Badge colorPalette="red" data-testid="subscription-state">
          Payment failed
        </Badge>
      </HStack>
      <Text data-testid="subscription-past-due">
        Your last payment did not go through. Update your card to keep your plan: the payment is
        tried again as soon as the new card is saved.
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
  );
}

interface NoSubscriptionProps {
  /** The plan that ended, or null when the caller never had one. */
  planType: SubscriptionView['plan_type'];
  billingAction?: SubscriptionStatusCardProps['billingAction'];
}

/** No plan in force: the one that ended, if any, and the way to choose one. */
function NoSubscription({ planType, billingAction }: NoSubscriptionProps) {
  return (
    <Stack gap="3">
      {planType ? (
        <>
          <HStack gap="3" wrap="wrap">
            <Text fontSize="2xl" fontWeight="bold" data-testid="subscription-plan">
              {planById(planType).name} plan
            </Text>
            <Badge colorPalette="gray" data-testid="subscription-state">
              Ended
            </Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted" data-testid="subscription-ended">
            Your {planById(planType).name} plan has ended and gives no more downloads. Choose a plan
            to download again.
          </Text>
        </>
      ) : (
        <Text fontWeight="medium">No active subscription</Text>
      )}
      <HStack gap="3" wrap="wrap" align="start">
        <Button asChild size="sm" colorPalette="purple">
          <RouterLink to={paths.pricing.getHref()}>View plans</RouterLink>
        </Button>
        {planType && billingAction?.({ label: 'Invoices and receipts' })}
      </HStack>
    </Stack>
  );
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
          <QueryError
            {...failedQueryProps(failed)}
            title="Failed to fetch subscription data."
            testId="subscription-error"
          />
        ) : !view ? (
          <Text color="fg.muted">Loading…</Text>
        ) : active && view.plan_type ? (
          <ActiveSubscription
            view={view}
            planType={view.plan_type}
            quota={quota}
            actions={actions}
            billingAction={billingAction}
            managedBySales={managedBySales}
          />
        ) : pastDue && view.plan_type ? (
          <PastDueSubscription
            view={view}
            planType={view.plan_type}
            quota={quota}
            billingAction={billingAction}
          />
        ) : (
          <NoSubscription planType={view.plan_type} billingAction={billingAction} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
