/** `/buyer-netlify-callback`: Netlify's authorisation returns here, then the deploy is polled. */
import { RequireSignIn } from '@/components/require-sign-in';
import { BuyerNetlifyCallbackView } from '@/features/deployments';

export default function BuyerNetlifyCallbackRoute() {
  return (
    <RequireSignIn>
      <BuyerNetlifyCallbackView />
    </RequireSignIn>
  );
}
