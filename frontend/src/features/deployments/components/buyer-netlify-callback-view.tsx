/**
 * `/buyer-netlify-callback` (buyer spec §2, §4, §9): reads `code` and `state`, completes the
 * Netlify authorisation, then polls the deployment every 5 s (for at most 10 minutes) until it is
 * deployed (the site URL, View Your Site, Back to Dashboard) or failed (Deployment Failed with its
 * error message, Try Again).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Container, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LuExternalLink } from 'react-icons/lu';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { useCompleteNetlifyAuthorization, useDeploymentStatus } from '../api/deployments';
import { deploymentPhase, deploymentStatusLabel, pollTimedOut } from '../lib/deployment-status';
import { DEPLOY_MESSAGES } from '../lib/texts';

type Start = { deploymentId: string; siteUrl?: string | null } | { failed: string } | undefined;

export function BuyerNetlifyCallbackView() {
  const [search] = useSearchParams();
  const complete = useCompleteNetlifyAuthorization();
  const [start, setStart] = useState<Start>();
  const [startedAt] = useState(() => Date.now());
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (!code || !state) {
      setStart({ failed: DEPLOY_MESSAGES.netlifyMissingParameters });
      return;
    }
    complete.mutate(
      { code, state },
      {
        onSuccess: (result) =>
          setStart(
            result.success && result.deployment_id
              ? { deploymentId: result.deployment_id, siteUrl: result.netlify_site_url }
              : { failed: result.message ?? DEPLOY_MESSAGES.netlifyFailed },
          ),
        onError: (error) =>
          setStart({
            failed:
              error instanceof ApiError && error.status < 500
                ? error.message
                : DEPLOY_MESSAGES.netlifyFailed,
          }),
      },
    );
  }, [complete, search]);

  const deploymentId = start && 'deploymentId' in start ? start.deploymentId : undefined;
  const status = useDeploymentStatus(deploymentId, startedAt);
  const deployment = status.data;
  const phase = deploymentPhase(deployment?.status);

  const failure =
    start && 'failed' in start
      ? start.failed
      : phase === 'failed'
        ? (deployment?.error_message ?? DEPLOY_MESSAGES.missingInformation)
        : status.isError
          ? status.error.message
          : pollTimedOut(deployment?.status, startedAt) && !status.isFetching
            ? 'The deployment is taking longer than expected. Check its status on your dashboard.'
            : undefined;
  const siteUrl =
    deployment?.netlify_site_url ?? (start && 'siteUrl' in start ? start.siteUrl : null);

  return (
    <Container maxW="lg" py="16" data-testid="buyer-netlify-callback">
      {failure ? (
        <Stack gap="4">
          <Alert.Root status="error" data-testid="deployment-failed">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Deployment Failed</Alert.Title>
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <HStack gap="3">
            <Button asChild colorPalette="purple">
              <RouterLink
                to={deployment ? paths.mvp.getHref(deployment.mvp_id) : paths.browse.getHref()}
              >
                Try Again
              </RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.dashboard.getHref()}>Back to Dashboard</RouterLink>
            </Button>
          </HStack>
        </Stack>
      ) : phase === 'succeeded' && deployment ? (
        <Stack gap="4">
          <Alert.Root status="success" data-testid="deployment-succeeded">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your site is live!</Alert.Title>
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
