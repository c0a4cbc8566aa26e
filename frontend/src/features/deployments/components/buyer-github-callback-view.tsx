/**
 * `/buyer-github-callback`: reads `code` and `state`, completes the
 * buyer's GitHub authorisation, then (with an MVP id) asks for the repository name, creates the
 * repository and, 1.5 s after, starts the Netlify authorisation. Without an MVP id (a plain connect
 * from Settings) it offers Continue to Dashboard; a failure offers Try Again.
 */
import { useState } from 'react';
import { Alert, Button, Container, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useCompleteGithubAuthorization } from '../api/deployments';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { DeploymentFailedPanel, useCallbackParams } from './callback-parts';
import { refusalMessage } from '../../../lib/api-error';
import { CreateRepositoryFlow } from './create-repository-flow';

type Stage =
  | { kind: 'authorizing' }
  | { kind: 'connected'; username?: string; message?: string }
  | { kind: 'naming'; mvpId: string; username?: string }
  | { kind: 'failed'; message: string; mvpId?: string };

export function BuyerGithubCallbackView() {
  const navigate = useNavigate();
  const complete = useCompleteGithubAuthorization();
  const [stage, setStage] = useState<Stage>({ kind: 'authorizing' });

  useCallbackParams(
    (params) =>
      complete.mutate(params, {
        onSuccess: (result) =>
          setStage(
            result.mvp_id
              ? { kind: 'naming', mvpId: result.mvp_id, username: result.github_username }
              : { kind: 'connected', username: result.github_username, message: result.message },
          ),
        onError: (error) =>
          setStage({
            kind: 'failed',
            message: refusalMessage(error, DEPLOY_MESSAGES.githubFailed),
          }),
      }),
    () => setStage({ kind: 'failed', message: DEPLOY_MESSAGES.githubMissingParameters }),
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
        <Stack gap="4">
          <Alert.Root status="success" data-testid="github-connected">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>GitHub connected</Alert.Title>
              <Alert.Description>
                {stage.message ??
                  `Your GitHub account${stage.username ? ` @${stage.username}` : ''} is connected.`}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Button asChild colorPalette="purple" alignSelf="start">
            <RouterLink to={paths.dashboard.getHref()}>Continue to Dashboard</RouterLink>
          </Button>
        </Stack>
      )}

      {stage.kind === 'naming' && (
        <CreateRepositoryFlow
          mvpId={stage.mvpId}
          username={stage.username}
          onCancel={() => void navigate(paths.mvp.getHref(stage.mvpId))}
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
