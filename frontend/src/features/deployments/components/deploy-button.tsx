/**
 * The detail page's Deploy: signed out, 'Please login to deploy this MVP.';
 * signed in without GitHub, the GitHub authorisation (its callback asks for the repository name);
 * with GitHub connected, the repository name right here, under what the deploy will cost.
 */
import { useState } from 'react';
import { Alert, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import { LuRocket } from 'react-icons/lu';
import { useSession } from '../../../lib/auth-session';
import { useMyProfile } from '../../../lib/my-profile';
import { useConnectGithub } from '../api/deployments';
import { suggestRepoName } from '../lib/repo-name';
import { DEPLOY_MESSAGES } from '@contract/deployments';
import { CreateRepositoryFlow, messageOf } from './create-repository-flow';

export function DeployButton({
  mvpId,
  slug,
  canDeploy,
  costNote = null,
}: {
  mvpId: string;
  slug?: string;
  /** False when the caller may not download the template (quota spent, not bought). */
  canDeploy: boolean;
  /** What deploying costs (the API's download status), said before the deploy starts. */
  costNote?: string | null;
}) {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  const profile = useMyProfile({ enabled: signedIn });
  const connect = useConnectGithub();
  const [open, setOpen] = useState(false);
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  const start = () => {
    if (!signedIn) {
      setAskedToSignIn(true);
      return;
    }
    if (profile.data?.github_username) setOpen(true);
    else connect.mutate({ mvp_id: mvpId });
  };

  return (
    <Stack flex="1" gap="2">
      <Button
        variant="outline"
        onClick={start}
        loading={connect.isPending || connect.isSuccess || (signedIn && profile.isPending)}
        disabled={signedIn && !canDeploy}
        data-testid="deploy-button"
      >
        <LuRocket /> Deploy
      </Button>
      {askedToSignIn && !signedIn && (
        <Alert.Root status="info" data-testid="deploy-login">
          <Alert.Indicator />
          <Alert.Title>{DEPLOY_MESSAGES.loginRequired}</Alert.Title>
        </Alert.Root>
      )}
      {connect.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            {messageOf(connect.error, DEPLOY_MESSAGES.githubConnectUnexpected)}
          </Alert.Title>
        </Alert.Root>
      )}
      <Dialog.Root open={open} onOpenChange={(details) => setOpen(details.open)} lazyMount>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Body py="6">
                {costNote && (
                  <Alert.Root status="info" size="sm" mb="4" data-testid="deploy-cost">
                    <Alert.Indicator />
                    <Alert.Title>Deploying: {costNote}</Alert.Title>
                  </Alert.Root>
                )}
                <CreateRepositoryFlow
                  mvpId={mvpId}
                  username={profile.data?.github_username}
                  initialName={suggestRepoName(slug)}
                  onCancel={() => setOpen(false)}
                />
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
