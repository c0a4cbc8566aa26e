/**
 * `/pricing`: the billing feature's plans, with the caller's subscription and its plan switch from
 * the subscriptions feature composed in.
 */
import { PageSpinner } from '@/components/page-spinner';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { PricingView } from '@/features/billing';
import { useCurrentSubscription, useUpdateSubscription } from '@/features/subscriptions';
import { useSession } from '@/lib/auth-session';

export default function PricingRoute() {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  const subscription = useCurrentSubscription({ enabled: signedIn });
  const update = useUpdateSubscription();
  if (session.status === 'loading') return <PageSpinner />;
  return (
    <PricingView
      signedIn={signedIn}
      subscription={subscription.data}
      subscriptionLoading={subscription.isPending}
      subscriptionFailure={
        subscription.isError && (
          <QueryError {...failedQueryProps(subscription)} testId="subscription-error" />
        )
      }
      onSwitchPlan={(priceId) => update.mutateAsync({ price_id: priceId })}
    />
  );
}
