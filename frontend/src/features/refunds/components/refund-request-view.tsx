import { REFUND_MESSAGES } from '@contracts/refunds';
import type { Subscription } from '@contracts/subscriptions';
import { RequestPage } from '../../../components/request-page';
import { RefundHistory } from './refund-history';
import { RefundRequestForm } from './refund-request-form';

export interface RefundRequestViewProps {
  /** The caller's subscriptions, loaded by the route. */
  subscriptions: readonly Subscription[] | undefined;
  subscriptionsLoading: boolean;
  subscriptionsFailed: boolean;
}

/** `/refund-request`: tabs New Request and Request History (buyer spec §2). */
export function RefundRequestView({
  subscriptions,
  subscriptionsLoading,
  subscriptionsFailed,
}: RefundRequestViewProps) {
  return (
    <RequestPage
      title="Refund Requests"
      description="Request a refund on one of your subscriptions."
      newTabLabel="New Request"
      historyTabLabel="Request History"
      choices={{
        items: subscriptions,
        loading: subscriptionsLoading,
        failed: subscriptionsFailed,
        failedMessage: REFUND_MESSAGES.loadSubscriptionsFailed,
      }}
      renderForm={(choices) => <RefundRequestForm subscriptions={choices} />}
      history={<RefundHistory />}
    />
  );
}
