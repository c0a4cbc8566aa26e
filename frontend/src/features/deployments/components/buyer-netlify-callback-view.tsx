/**
 * `/buyer-netlify-callback`: reads `code` and `state`, completes the
 * Netlify authorisation, then polls the deployment every 5 s (for at most 10 minutes) until it is
 * deployed (the site URL, View Your Site, Back to Dashboard: said only once the site's address
 * answered the built page) or failed (Deployment Failed with its error message and the end of the
 * build log, Continue when it can resume, Try Again).
 */
import { useState } from 'react';
import { Alert, Button, Container, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { LuExternalLink } from 'react-icons/lu';
import { paths } from '@/config/paths';
import { useCompleteNetlifyAuthorization, useDeploymentStatus } from '../api/deployments';
import { deploymentPhase, deploymentStatusLabel, pollTimedOut } from '../lib/deployment-status';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { DeploymentFailedPanel, useCallbackParams } from './callback-parts';
import { ContinueButton } from './continue-button';
import { BuildLogTail } from './deploy-outcome';
import { SITE_SETTINGS_MESSAGES } from '@contract/site-settings';
import { QueryError } from '@/components/query-error';
import { refusalMessage } from '@/lib/api-error';
import { failedQueryProps } from '@/lib/query-retry';

type Start = { deploymentId: string; siteUrl?: string | null } | { failed: string } | undefined;

/**
 * The site is live (its address answered the built page): its address, View Your Site and Back
 * to Dashboard. A repository-only deployment says that no site was made.
 */
function DeploymentSucceeded({
  siteUrl,
  framework,
  repositoryOnly,
}: {
  siteUrl: string | null | undefined;
  framework: string | null | undefined;
  repositoryOnly: boolean;
}) {
  if (repositoryOnly) {
    return (
      <Alert.Root status="success" data-testid="deployment-succeeded">
        <Alert.Indicator />
        <Alert.Title>{SITE_SETTINGS_MESSAGES.repositoryOnlyDone}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4">
      <Alert.Root status="success" data-testid="deployment-succeeded">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            Your site is live!{framework ? ` Built by Netlify as a ${framework} site.` : ''}
          </Alert.Title>
          <Alert.Description>
            {siteUrl ? (
              <Link href={siteUrl} target="_blank" rel="noreferrer" data-testid="site-url">
                {siteUrl}
              </Link>
            ) : (
              'Your deployment is complete.'
            )}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack gap="3">
        {siteUrl && (
          <Button asChild colorPalette="purple">
            <a href={siteUrl} target="_blank" rel="noreferrer">
              View Your Site <LuExternalLink />
            </a>
          </Button>
        )}
        <Button asChild variant="outline">
          <RouterLink to={paths.dashboard.getHref()}>Back to Dashboard</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

export function BuyerNetlifyCallbackView() {
  const complete = useCompleteNetlifyAuthorization();
  const [start, setStart] = useState<Start>();
  const [startedAt, setStartedAt] = useState(() => Date.now());

  useCallbackParams(
    (params) =>
      complete.mutate(params, {
        onSuccess: (result) =>
          setStart({ deploymentId: result.deployment_id, siteUrl: result.netlify_site_url }),
        onError: (error) =>
          setStart({ failed: refusalMessage(error, DEPLOY_MESSAGES.netlifyFailed) }),
      }),
    () => setStart({ failed: DEPLOY_MESSAGES.netlifyMissingParameters }),
  );

  const deploymentId = start && 'deploymentId' in start ? start.deploymentId : undefined;
  const status = useDeploymentStatus(deploymentId, startedAt);
  const deployment = status.data;
  const phase = deploymentPhase(deployment?.status);

  const failure =
    start && 'failed' in start
      ? start.failed
      : phase === 'failed'
        ? (deployment?.error_message ?? DEPLOY_MESSAGES.missingInformation)
        : pollTimedOut(deployment?.status, startedAt) && !status.isFetching
          ? 'The deployment is taking longer than expected. Check its status on your dashboard.'
          : undefined;
  const siteUrl =
    deployment?.netlify_site_url ?? (start && 'siteUrl' in start ? start.siteUrl : null);

  return (
    <Container maxW="lg" py="16" data-testid="buyer-netlify-callback">
      {failure ? (
        <DeploymentFailedPanel
          message={failure}
          mvpId={deployment?.mvp_id}
          testId="deployment-failed"
          details={<BuildLogTail tail={deployment?.build_log_tail} />}
        >
          {deployment?.can_continue && phase === 'failed' && (
            // The poll starts over: its 10 minutes count from the press.
            <ContinueButton
              deploymentId={deployment.id}
              onContinued={() => setStartedAt(Date.now())}
            />
          )}
          <Button asChild variant="outline">
            <RouterLink to={paths.dashboard.getHref()}>Back to Dashboard</RouterLink>
          </Button>
        </DeploymentFailedPanel>
      ) : status.isError ? (
        // The deployment's status could not be read: it has not failed, so not Deployment Failed.
        <QueryError {...failedQueryProps(status)} testId="deployment-status-error" />
      ) : phase === 'succeeded' && deployment ? (
        <DeploymentSucceeded
          siteUrl={siteUrl}
          framework={deployment.site_framework}
          repositoryOnly={deployment.repository_only}
        />
      ) : (
        <Stack align="center" gap="4" data-testid="deployment-pending">
          <Spinner size="lg" />
          <Text>
            {deployment
              ? `Deploying your site: ${deploymentStatusLabel(deployment.status)}…`
              : 'Connecting Netlify…'}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            This usually takes a minute or two. You can leave this page; the dashboard shows the
            status.
          </Text>
        </Stack>
      )}
    </Container>
  );
}
