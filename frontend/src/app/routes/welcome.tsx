/** `/welcome`: a new account's first steps (signed in only). */
import { RequireSignIn } from '@/components/require-sign-in';
import { FirstSteps } from '@/features/dashboard';

export default function WelcomeRoute() {
  return (
    <RequireSignIn>
      <FirstSteps />
    </RequireSignIn>
  );
}
