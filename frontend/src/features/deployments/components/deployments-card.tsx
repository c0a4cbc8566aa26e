/**
 * The buyer dashboard's deployments: each with its status badge, site and repository
 * links, for a deployment of an older version than the latest approved one, "Open upgrade pull
 * request" ("Open security upgrade pull request" when it fixes known advisories; then a link to
 * the pull request), for a launched site the switch that shows it in Success Stories, and for a
 * deployment that stopped (a failed step, the tab closed before Netlify) Continue; a failed build
 * shows the end of Netlify's log, and a repository-only deployment says so.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { Badge, Button, Card, HStack, Link, Spinner, Stack, Switch, Text } from '@chakra-ui/react';
import { LuExternalLink, LuGitPullRequest } from 'react-icons/lu';
import { type Deployment, useMyDeployments, useOpenUpgradePullRequest } from '../api/deployments';
import {
  deploymentStatusColor,
  deploymentStatusLabel,
  deploymentSummary,
} from '../lib/deployment-status';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { isDeploymentFinished } from '@contract/deployment-status';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSetStory } from '../api/stories';
import { refusalMessage } from '@/lib/api-error';
import { ContinueButton } from './continue-button';
import { StoryFields } from './story-fields';
import { BuildLogTail } from './deploy-outcome';
import { SITE_SETTINGS_MESSAGES } from '@contract/site-settings';

function UpgradeAction({ deployment }: { deployment: Deployment }) {
  const open = useOpenUpgradePullRequest();
  const url = open.data?.pull_request_url ?? deployment.pull_request_url;
  const kind = deployment.upgrade_security_fixes > 0 ? 'security upgrade' : 'upgrade';
  if (url) {
    return (
      <Link href={url} target="_blank" rel="noreferrer" fontSize="sm" data-testid="upgrade-pr-link">
        <LuGitPullRequest /> View {kind} pull request
      </Link>
    );
  }
  if (!deployment.upgrade_available) return null;
  // Opened in the background: the list is polled until the pull request is there.
  const opening =
    deployment.upgrade_status === 'opening' ||
    (open.data?.status === 'opening' && deployment.upgrade_status !== 'failed');
  if (opening) {
    return (
      <HStack gap="2" fontSize="sm" color="fg.muted" data-testid="upgrade-opening">
        <Spinner size="xs" /> {DEPLOY_MESSAGES.upgradeOpening}
      </HStack>
    );
  }
  const failure = open.isError
    ? refusalMessage(open.error, DEPLOY_MESSAGES.upgradeFailed)
    : deployment.upgrade_error;
  return (
    <Stack gap="1" align="start">
      <Button
        size="xs"
        variant="outline"
        colorPalette="purple"
        loading={open.isPending}
        onClick={() => open.mutate(deployment.id)}
      >
        <LuGitPullRequest /> Open {kind} pull request
      </Button>
      {failure && (
        <Text fontSize="xs" color="fg.error">
          {failure}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Opt-in: the launched site (name, address, template) on the public Success Stories page, with
 * the name and description it shows there (kept while hidden).
 */
function StoryToggle({ deployment }: { deployment: Deployment }) {
  const story = useSetStory();
  if (!isDeploymentFinished(deployment.status) || !deployment.netlify_site_url) return null;
  const shown = story.isPending ? story.variables.show : deployment.story !== null;
  return (
    <Stack gap="1" align="start">
      <Switch.Root
        colorPalette="purple"
        size="sm"
        checked={shown}
        disabled={story.isPending}
        onCheckedChange={(details) => story.mutate({ id: deployment.id, show: details.checked })}
        data-testid="story-toggle"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label fontSize="sm">
          Show my site in{' '}
          <Link asChild colorPalette="purple" variant="underline">
            <RouterLink to={paths.stories.getHref()}>Success Stories</RouterLink>
          </Link>
        </Switch.Label>
      </Switch.Root>
      {story.isError && (
        <Text fontSize="xs" color="fg.error">
          {refusalMessage(story.error, 'Failed to change Success Stories. Please try again.')}
        </Text>
      )}
      {/* Keyed by the deployment only: the refetch after a save must not remount the form and
          lose its "saved" line (the form resets itself to the saved words). */}
      <StoryFields key={deployment.id} deployment={deployment} />
    </Stack>
  );
}

/** One deployment: its status, links, outcome (a failure and its build log) and actions. */
function DeploymentRow({ deployment }: { deployment: Deployment }) {
  return (
    <Stack as="li" gap="1" data-testid="deployment-row">
      <HStack justify="space-between" flexWrap="wrap" gap="2">
        <Text fontWeight="semibold">{deployment.mvp?.title ?? deployment.repo_name}</Text>
        <Badge colorPalette={deploymentStatusColor(deployment.status)} variant="surface">
          {deploymentStatusLabel(deployment.status)}
        </Badge>
      </HStack>
      <HStack gap="4" flexWrap="wrap" fontSize="sm">
        {deployment.netlify_site_url && (
          <Link href={deployment.netlify_site_url} target="_blank" rel="noreferrer">
            Site <LuExternalLink />
          </Link>
        )}
        {deployment.github_repo_url && (
          <Link href={deployment.github_repo_url} target="_blank" rel="noreferrer">
            Repository {deployment.repo_name && `(${deployment.repo_name})`} <LuExternalLink />
          </Link>
        )}
        {deployment.version && (
          <Text color="fg.muted">
            v{deployment.version}
            {deployment.latest_version &&
              deployment.latest_version !== deployment.version &&
              ` · v${deployment.latest_version} available`}
          </Text>
        )}
      </HStack>
      {deployment.repository_only && (
        <Text fontSize="sm" color="fg.muted" data-testid="deployment-repository-only">
          {SITE_SETTINGS_MESSAGES.repositoryOnly}
        </Text>
      )}
      {deployment.error_message && (
        <Text fontSize="sm" color="fg.error" data-testid="deployment-error">
          {deployment.error_message}
        </Text>
      )}
      <BuildLogTail tail={deployment.build_log_tail} />
      {deployment.can_continue && (
        <>
          {!deployment.error_message && (
            <Text fontSize="sm" color="fg.muted">
              {deploymentSummary(deployment)}
            </Text>
          )}
          <ContinueButton deploymentId={deployment.id} size="xs" />
        </>
      )}
      <UpgradeAction deployment={deployment} />
      <StoryToggle deployment={deployment} />
    </Stack>
  );
}

export function DeploymentsCard() {
  const deployments = useMyDeployments();
  return (
    <Card.Root variant="outline" data-testid="deployments-card">
      <Card.Header>
        <Card.Title>Deployments</Card.Title>
      </Card.Header>
      <Card.Body>
        {deployments.isPending ? (
          <Spinner />
        ) : deployments.isError ? (
          <QueryError
            {...failedQueryProps(deployments)}
            message={refusalMessage(deployments.error, 'Failed to load deployments.')}
            testId="deployments-error"
          />
        ) : deployments.data.length === 0 ? (
          <Text color="fg.muted">
            No deployments yet. Press Deploy on a template to get your own repository and site.
          </Text>
        ) : (
          <Stack gap="4" as="ul" listStyleType="none">
            {deployments.data.map((deployment) => (
              <DeploymentRow key={deployment.id} deployment={deployment} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
