/**
 * `/github-app-callback`: reads `code`, `installation_id` and `state`, shows
 * a spinner, then the success message or Installation Failed, and returns to /my-mvps after 3 s
 * in both cases.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Container, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearchParams } from 'react-router';
import { GITHUB_MESSAGES } from '@contract/github';
import { paths } from '@/config/paths';
import { ApiError, NetworkError, errorMessage } from '@/lib/api-error';
import { useCompleteGithubInstallation } from '../api/github';

export const RETURN_DELAY_MS = 3000;

type Outcome = { ok: true; message: string } | { ok: false; message: string };

export function GithubAppCallbackView() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteGithubInstallation();
  const [outcome, setOutcome] = useState<Outcome>();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const installationId = search.get('installation_id');
    const state = search.get('state');
    const setupAction = search.get('setup_action');
    const code = search.get('code');
    if (!installationId || !state || !code) {
      setOutcome({ ok: false, message: GITHUB_MESSAGES.installMissingParameters });
      return;
    }
    complete.mutate(
      {
        installation_id: Number(installationId),
        state,
        ...(setupAction === 'install' || setupAction === 'update'
          ? { setup_action: setupAction }
          : {}),
        code,
      },
      {
        onSuccess: (result) => setOutcome({ ok: true, message: result.message }),
        onError: (error) =>
          setOutcome({
            ok: false,
            // A service that did not answer is named in the API's own words (nothing was
            // changed); any other refusal has the product's text.
            message:
              error instanceof NetworkError || (error instanceof ApiError && error.status === 503)
                ? errorMessage(error)
                : error instanceof ApiError
                  ? GITHUB_MESSAGES.installFailed
                  : GITHUB_MESSAGES.installUnexpected,
          }),
      },
    );
  }, [complete, search]);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => void navigate(paths.myMvps.getHref()), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <Container maxW="lg" py="16" data-testid="github-app-callback">
      {!outcome ? (
        <Stack align="center" gap="4">
          <Spinner size="lg" />
          <Text>Completing the GitHub App installation…</Text>
        </Stack>
      ) : (
        <Alert.Root status={outcome.ok ? 'success' : 'error'} data-testid="github-app-outcome">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.ok ? 'GitHub App installed' : 'Installation Failed'}</Alert.Title>
            <Alert.Description>
              {outcome.message} Returning to My MVPs in 3 seconds…
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Container>
  );
}
