/** `/payouts`: the seller's earnings and payouts (approved sellers only). */
import { RequireApprovedSeller } from '@/components/require-approved-seller';
import { PayoutsView } from '@/features/payouts';

export default function PayoutsRoute() {
  return (
    <RequireApprovedSeller description="Only approved sellers earn payouts. Applications are reviewed in 2-3 business days.">
      <PayoutsView />
    </RequireApprovedSeller>
  );
}
