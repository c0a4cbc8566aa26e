/**
 * The detail page's Deploy: signed out, 'Please login to deploy this MVP.';
 * signed in without GitHub, the GitHub authorisation (its callback asks for the repository name);
 * with GitHub connected, the repository name right here, under what the deploy will cost and
 * what it makes (a site, or a repository only: said under the button too). The
 * dialog's code is asked for as the pointer or the focus reaches the button, and the button shows
 * it is busy until the dialog can open.
 */
import { Suspense, lazy, useState, useTransition } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { LuRocket } from 'react-icons/lu';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { useConnectGithub } from '../api/deployments';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { refusalMessage } from '@/lib/api-error';
import type { SiteSettings } from '@contract/site-settings';
import { SiteSettingsNote } from './deploy-outcome';

const loadDialog = () => import('./deploy-dialog');
const DeployDialog = lazy(loadDialog);

/** Deploy pressed while signed out. */
function SignInNotice() {
  return (
    <Alert.Root status="info" data-testid="deploy-login">
      <Alert.Indicator />
      <Alert.Title>{DEPLOY_MESSAGES.loginRequired}</Alert.Title>
    </Alert.Root>
  );
}

/** GitHub's authorisation could not be started. */
function ConnectRefused({ error }: { error: unknown }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{refusalMessage(error, DEPLOY_MESSAGES.githubConnectUnexpected)}</Alert.Title>
    </Alert.Root>
  );
}

interface DeployButtonProps {
  mvpId: string;
  slug?: string;
  /** False when the caller may not download the template (quota spent, not bought). */
  canDeploy: boolean;
  /** What deploying costs (the API's download status), said before the deploy starts. */
  costNote?: string | null;
  /** How the template deploys (a site, or a repository only), said before anything is spent. */
  siteSettings?: SiteSettings | null;
}

export function DeployButton({
  mvpId,
  slug,
  canDeploy,
  costNote = null,
  siteSettings = null,
}: DeployButtonProps) {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  const profile = useMyProfile({ enabled: signedIn });
  const connect = useConnectGithub();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing it plays out.
  const [mounted, setMounted] = useState(false);
  const [opening, startOpening] = useTransition();
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  // A stored session is read on load: until then a press would be taken for a signed-out one.
  const sessionPending = session.status === 'loading';
  const busy =
    sessionPending ||
    opening ||
    connect.isPending ||
    connect.isSuccess ||
    (signedIn && profile.isPending);
  const warmUp = () => {
    if (signedIn) void loadDialog().catch(() => undefined);
  };

  const start = () => {
    if (!signedIn) {
      setAskedToSignIn(true);
      return;
    }
    if (profile.data?.github_username) {
      startOpening(() => {
        setMounted(true);
        setOpen(true);
      });
    } else connect.mutate({ mvp_id: mvpId });
  };

  return (
    <Stack flex="1" gap="2">
      <Button
        variant="outline"
        onClick={start}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        loading={busy}
        disabled={signedIn && !canDeploy}
        data-testid="deploy-button"
      >
        <LuRocket /> Deploy
      </Button>
      <SiteSettingsNote settings={siteSettings} />
      {askedToSignIn && !signedIn && <SignInNotice />}
      {connect.isError && <ConnectRefused error={connect.error} />}
      {mounted && (
        <Suspense fallback={null}>
          <DeployDialog
            open={open}
            onOpenChange={setOpen}
            mvpId={mvpId}
            slug={slug}
            username={profile.data?.github_username}
            costNote={costNote}
            siteSettings={siteSettings}
          />
        </Suspense>
      )}
    </Stack>
  );
}
