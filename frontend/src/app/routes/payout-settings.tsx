/** `/payout-settings`: the seller's Stripe Connect account, payout schedule and split. */
import { RequireApprovedSeller } from '@/components/require-approved-seller';
import { PayoutSettingsView } from '@/features/payouts';

export default function PayoutSettingsRoute() {
  return (
    <RequireApprovedSeller description="Only approved sellers earn payouts. Applications are reviewed in 2-3 business days.">
      <PayoutSettingsView />
    </RequireApprovedSeller>
  );
}
