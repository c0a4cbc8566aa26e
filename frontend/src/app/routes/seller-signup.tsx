/** `/seller-signup` and `/sell`: the seller application wizard. */
import { SellerApplicationWizard } from '@/features/seller-application/components/seller-application-wizard';

export default function SellerSignupRoute() {
  return <SellerApplicationWizard />;
}
