/**
 * The admin dashboard's gate: role admin or both, never a beta
 * account (`hasAdminRights`). Anyone else sees Access Denied while being sent on: signed out to
 * /auth (and back here after signing in), signed in without admin rights to /dashboard. The API
 * checks the same rights on every admin call (the route table's `admin` access); this only
 * decides what to show.
 */
import { useEffect, type ReactNode } from 'react';
import { Container, EmptyState, VStack } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router';
import { LuShieldAlert } from 'react-icons/lu';
import { hasAdminRights } from '@contract/profile';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

function AccessDenied({ to, from }: { to: string; from?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true, state: from ? { from } : undefined });
  }, [navigate, to, from]);
  return (
    <Container maxW="lg" py="16">
      <EmptyState.Root data-testid="admin-access-denied">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuShieldAlert />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title>Access Denied</EmptyState.Title>
            <EmptyState.Description>
              The admin dashboard is for administrators only. Redirecting…
            </EmptyState.Description>
          </VStack>
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const location = useLocation();
  const profile = useMyProfile({ enabled: session.status === 'signedIn' });

  if (session.status === 'loading') return <PageSpinner />;
  if (session.status === 'signedOut') {
    return (
      <AccessDenied to={paths.auth.getHref()} from={`${location.pathname}${location.search}`} />
    );
  }
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return <QueryErrorPage {...failedQueryProps(profile)} testId="profile-error" />;
  }
  if (!hasAdminRights(profile.data)) return <AccessDenied to={paths.dashboard.getHref()} />;
  return children;
}
