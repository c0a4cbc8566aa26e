import { RequireSignIn } from '@/components/require-sign-in';
import { useRefundablePurchases, RefundRequestView } from '@/features/refunds';

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
