/** `/connect-stripe`: Stripe Connect onboarding (approved sellers only). */
import { RequireApprovedSeller } from '@/components/require-approved-seller';
import { ConnectStripeView } from '@/features/payouts';

export default function ConnectStripeRoute() {
  return (
    <RequireApprovedSeller description="Only approved sellers connect a Stripe account to receive payouts. Applications are reviewed in 2-3 business days.">
      <ConnectStripeView />
    </RequireApprovedSeller>
  );
}
