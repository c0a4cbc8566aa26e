import { RequireSignIn } from '@/components/require-sign-in';
import { NotificationsView } from '@/features/notifications';

/** `/notifications`: signed-in users only; signed-out visitors go to /auth and come back. */
export default function NotificationsRoute() {
  return (
    <RequireSignIn>
      <NotificationsView />
    </RequireSignIn>
  );
}
