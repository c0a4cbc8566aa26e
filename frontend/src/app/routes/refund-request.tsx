import { RequireSignIn } from '../../components/require-sign-in';
import { useSubscriptions } from '../../features/subscriptions/api/get-subscriptions';
import { RefundRequestView } from '../../features/refunds/components/refund-request-view';

function RefundRequestPage() {
  const subscriptions = useSubscriptions();
  return (
    <RefundRequestView
      subscriptions={subscriptions.data}
      subscriptionsLoading={subscriptions.isPending}
      subscriptionsFailed={subscriptions.isError}
    />
  );
}

export default function RefundRequestRoute() {
  return (
    <RequireSignIn>
      <RefundRequestPage />
    </RequireSignIn>
  );
}
