/** `/seller-signup` and `/sell`: the seller application wizard. */
import { SellerApplicationWizard } from '@/features/seller-application';

export default function SellerSignupRoute() {
  return <SellerApplicationWizard />;
}
