import { REFUND_MESSAGES, type RefundablePurchase } from '@contract/refunds';
import { RequestPage } from '@/components/request-page';
import type { FailedQuery } from '@/lib/query-retry';
import { RefundHistory } from './refund-history';
import { RefundRequestForm } from './refund-request-form';

export interface RefundRequestViewProps {
  /** The caller's refundable subscriptions and orders, loaded by the route. */
  purchases: readonly RefundablePurchase[] | undefined;
  purchasesLoading: boolean;
  /** The failed query when they could not be loaded. */
  purchasesFailed: FailedQuery | undefined;
}

/** `/refund-request`: tabs New Request and Request History. */
export function RefundRequestView({
  purchases,
  purchasesLoading,
  purchasesFailed,
}: RefundRequestViewProps) {
  return (
    <RequestPage
      title="Refund Requests"
      description="Request a refund on one of your subscriptions or template purchases."
      newTabLabel="New Request"
      historyTabLabel="Request History"
      choices={{
        items: purchases,
        loading: purchasesLoading,
        failed: purchasesFailed,
        failedMessage: REFUND_MESSAGES.loadRefundableFailed,
      }}
      renderForm={(choices) => <RefundRequestForm purchases={choices} />}
      history={<RefundHistory />}
    />
  );
}
