import { useParams } from 'react-router';
import { RequireSignIn } from '@/components/require-sign-in';
import { DisputeDetailView } from '@/features/disputes';

export default function DisputeDetailRoute() {
  const { disputeId } = useParams();
  return (
    <RequireSignIn>
      <DisputeDetailView disputeId={disputeId} />
    </RequireSignIn>
  );
}
