import { RequireSignIn } from '@/components/require-sign-in';
import { useRefundablePurchases } from '@/features/refunds/api/get-refundable-purchases';
import { RefundRequestView } from '@/features/refunds/components/refund-request-view';

function RefundRequestPage() {
  const purchases = useRefundablePurchases();
  return (
    <RefundRequestView
      purchases={purchases.data}
      purchasesLoading={purchases.isPending}
      purchasesFailed={purchases.isError ? purchases : undefined}
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
