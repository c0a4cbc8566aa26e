/** `/success?session_id=…[&mvp_id=…]`: where Stripe Checkout sends the buyer after paying. */
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { CheckoutSuccessView } from '@/features/billing';
import { useSession } from '@/lib/auth-session';

export default function SuccessRoute() {
  const [search] = useSearchParams();
  const { session } = useSession();
  if (session.status === 'loading') return <PageSpinner />;
  return (
    <CheckoutSuccessView
      signedIn={session.status === 'signedIn'}
      sessionId={search.get('session_id') || null}
      mvpId={search.get('mvp_id') || null}
    />
  );
}
