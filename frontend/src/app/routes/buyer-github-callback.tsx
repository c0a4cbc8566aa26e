/** `/buyer-github-callback`: the buyer's GitHub authorisation returns here (signed-in users). */
import { RequireSignIn } from '@/components/require-sign-in';
import { BuyerGithubCallbackView } from '@/features/deployments';

export default function BuyerGithubCallbackRoute() {
  return (
    <RequireSignIn>
      <BuyerGithubCallbackView />
    </RequireSignIn>
  );
}
