import { AuthScreen } from '@/features/auth';

export default function AuthRoute({ mode }: { mode: 'signIn' | 'signUp' }) {
  // A new key per mode, so following /signin ↔ /signup resets the screen.
  return <AuthScreen key={mode} initialMode={mode} />;
}
