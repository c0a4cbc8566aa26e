/**
 * Who is signed in, for the whole app. Amplify's Hub tells us about sign-in, sign-out and failed
 * token refreshes; a failed refresh signs the user out (refresh_token_not_found).
 */
import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { hasStoredSession, loadAuth, whenAuthLoaded } from './amplify';
import { initialSession } from './session';
import type { Session } from './session';

interface SessionContextValue {
  session: Session;
  /** Re-reads the session from Amplify (after a sign-in the screen performed itself). */
  refreshSession: () => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

async function readSession(): Promise<Session> {
  const { auth } = await loadAuth();
  try {
    const { userId } = await auth.getCurrentUser();
    const session = await auth.fetchAuthSession();
    const email = session.tokens?.idToken?.payload.email;
    return { status: 'signedIn', user: { userId, email: typeof email === 'string' ? email : '' } };
  } catch (_error) {
    // getCurrentUser throws UserUnAuthenticatedException when nobody is signed in.
    return { status: 'signedOut' };
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(initialSession);
  const queryClient = useQueryClient();

  const refreshSession = useCallback(async () => {
    setSession(await readSession());
  }, []);

  useEffect(() => {
    let active = true;
    let stopListening: (() => void) | undefined;
    // The listener joins whenever Amplify loads: now for a returning user, or later when a
    // visitor opens the sign-in screen.
    whenAuthLoaded(({ hub, auth }) => {
      if (!active) return;
      stopListening = hub.listen('auth', ({ payload }) => {
        if (payload.event === 'tokenRefresh_failure') {
          void auth.signOut();
          return;
        }
        if (payload.event === 'signedIn' || payload.event === 'signedOut') {
          // Cached answers may depend on who asked; refetch them for the new caller.
          queryClient.removeQueries();
          void readSession().then((next) => active && setSession(next));
        }
      });
    });
    if (hasStoredSession()) {
      // Read in the background: its readers re-render as a transition, which React renders in
      // slices; a user's own action (sign in, sign out) is answered at once.
      void readSession().then((initial) => active && startTransition(() => setSession(initial)));
    }
    return () => {
      active = false;
      stopListening?.();
    };
  }, [queryClient]);

  const signOut = useCallback(async () => {
    const { auth } = await loadAuth();
    await auth.signOut();
    setSession({ status: 'signedOut' });
  }, []);

  const value = useMemo(
    () => ({ session, refreshSession, signOut }),
    [session, refreshSession, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The current session and the actions on it; only inside `SessionProvider`. */
export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider.');
  return value;
}
