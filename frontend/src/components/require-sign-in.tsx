/**
 * Pages that need a signed-in user (refund requests, disputes, notifications): while the session
 * loads a spinner, when signed out a redirect to /auth that remembers where the person was going,
 * so signing in brings them back.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth-session';
import { PageSpinner } from './page-spinner';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signedOut') {
    return (
      <Navigate
        to={paths.auth.getHref()}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return children;
}
