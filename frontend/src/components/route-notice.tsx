/**
 * A message handed to the next page in the router state (`navigate(to, { state: { notice } })`),
 * shown there until dismissed (the upload's success message reached `/dashboard`
 * and was lost). It is read once and removed from the history entry, so a reload or a later
 * Back does not show it again.
 */
import { useEffect, useState } from 'react';
import { Alert, CloseButton, Container } from '@chakra-ui/react';
import { useLocation, useNavigate } from 'react-router';

/** The notice in a router state, if any. */
export const noticeOf = (state: unknown): string | undefined =>
  typeof state === 'object' &&
  state !== null &&
  'notice' in state &&
  typeof state.notice === 'string' &&
  state.notice.trim() !== ''
    ? state.notice
    : undefined;

export function RouteNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(() => noticeOf(location.state));
  const carried = noticeOf(location.state) !== undefined;
  // Drop it from the history entry once shown, keeping the URL: shown on this visit only.
  useEffect(() => {
    if (!carried) return;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [carried, navigate, location.pathname, location.search, location.hash]);
  if (!notice) return null;
  return (
    <Container maxW="7xl" pt="6">
      <Alert.Root status="success" data-testid="route-notice">
        <Alert.Indicator />
        <Alert.Title flex="1">{notice}</Alert.Title>
        <CloseButton size="sm" aria-label="Dismiss" onClick={() => setNotice(undefined)} />
      </Alert.Root>
    </Container>
  );
}
