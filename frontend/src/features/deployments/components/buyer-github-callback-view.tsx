/**
 * `/buyer-github-callback`: reads `code` and `state`, completes the
 * buyer's GitHub authorisation, then (with an MVP id) asks for the repository name, creates the
 * repository and, 1.5 s after, starts the Netlify authorisation. Without an MVP id (a plain connect
 * from Settings) it offers Continue to Dashboard; a failure offers Try Again. When a service did not
 * answer (a 503: nothing was used up, the server gives the state back) or no answer came, the page
 * says so in the server's words and Try again sends the same callback once more.
 */
import { useState } from 'react';
import { Alert, Button, Container, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useCompleteGithubAuthorization } from '../api/deployments';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { QueryError } from '@/components/query-error';
import { DeploymentFailedPanel, useCallbackParams, type CallbackParams } from './callback-parts';
import { ApiError, NetworkError, refusalMessage } from '@/lib/api-error';
import { CreateRepositoryFlow } from './create-repository-flow';

type Stage =
  | { kind: 'authorizing' }
  | { kind: 'connected'; username?: string; message?: string }
  | { kind: 'naming'; mvpId: string; username?: string }
  | { kind: 'failed'; message: string; mvpId?: string }
  | { kind: 'unavailable'; error: unknown; params: CallbackParams };

/** A failure after which the same callback works again (see docs/operations.md). */
const canSendAgain = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status === 503);

/** GitHub is connected and no template waits for a repository: on to the dashboard. */
function GithubConnected({
  username,
  message,
}: {
  username?: string | null;
  message?: string | null;
}) {
  return (
    <Stack gap="4">
      <Alert.Root status="success" data-testid="github-connected">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>GitHub connected</Alert.Title>
          <Alert.Description>
            {message ?? `Your GitHub account${username ? ` @${username}` : ''} is connected.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="purple" alignSelf="start">
        <RouterLink to={paths.dashboard.getHref()}>Continue to Dashboard</RouterLink>
      </Button>
    </Stack>
  );
}

export function BuyerGithubCallbackView() {
  const navigate = useNavigate();
  const complete = useCompleteGithubAuthorization();
  const [stage, setStage] = useState<Stage>({ kind: 'authorizing' });

  const send = (params: CallbackParams) =>
    complete.mutate(params, {
      onSuccess: (result) =>
        setStage(
          result.mvp_id
            ? { kind: 'naming', mvpId: result.mvp_id, username: result.github_username }
            : { kind: 'connected', username: result.github_username, message: result.message },
        ),
      onError: (error) =>
        setStage(
          canSendAgain(error)
            ? { kind: 'unavailable', error, params }
            : { kind: 'failed', message: refusalMessage(error, DEPLOY_MESSAGES.githubFailed) },
        ),
    });
  useCallbackParams(send, () =>
    setStage({ kind: 'failed', message: DEPLOY_MESSAGES.githubMissingParameters }),
  );

  return (
    <Container maxW="lg" py="16" data-testid="buyer-github-callback">
      {stage.kind === 'authorizing' && (
        <Stack align="center" gap="4">
          <Spinner size="lg" />
          <Text>Connecting your GitHub account…</Text>
        </Stack>
      )}

      {stage.kind === 'connected' && (
        <GithubConnected username={stage.username} message={stage.message} />
      )}

      {stage.kind === 'naming' && (
        <CreateRepositoryFlow
          mvpId={stage.mvpId}
          username={stage.username}
          onCancel={() => void navigate(paths.mvp.getHref(stage.mvpId))}
        />
      )}

      {stage.kind === 'unavailable' && (
        <QueryError
          error={stage.error}
          onRetry={() => send(stage.params)}
          retrying={complete.isPending}
          testId="github-callback-unavailable"
        />
      )}

      {stage.kind === 'failed' && (
        <DeploymentFailedPanel
          message={stage.message}
          mvpId={stage.mvpId}
          testId="deploy-github-failed"
        >
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.getHref()}>Continue to Dashboard</RouterLink>
          </Button>
        </DeploymentFailedPanel>
      )}
    </Container>
  );
}
