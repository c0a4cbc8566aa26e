/**
 * The deploy dialog's first question when the buyer deployed this template before: "You already
 * deployed this template to <repository>", then Continue (a deployment that stopped), Open site (a
 * live one) or Deploy a new copy. Continuing spends nothing; a new copy is a new deployment.
 */
import { Alert, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { LuCopyPlus, LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { DEPLOY_CONTINUE_MESSAGES } from '@contract/deploy-messages';
import { paths } from '@/config/paths';
import type { Deployment } from '../api/deployments';
import { deploymentSummary, isDeploymentPending } from '../lib/deployment-status';
import { ContinueButton } from './continue-button';

export function ExistingDeploymentOffer({
  deployment,
  onNewCopy,
  onCancel,
}: {
  deployment: Deployment;
  onNewCopy: () => void;
  onCancel: () => void;
}) {
  return (
    <Stack gap="4" data-testid="existing-deployment">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {DEPLOY_CONTINUE_MESSAGES.alreadyDeployed(deployment.repo_name)}
          </Alert.Title>
          <Alert.Description>{deploymentSummary(deployment)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {deployment.github_repo_url && (
        <Text fontSize="sm">
          <Link href={deployment.github_repo_url} target="_blank" rel="noreferrer">
            Repository {deployment.repo_name} <LuExternalLink />
          </Link>
        </Text>
      )}
      <HStack gap="3" flexWrap="wrap">
        {deployment.can_continue && <ContinueButton deploymentId={deployment.id} />}
        {deployment.netlify_site_url && (
          <Button asChild size="sm" colorPalette="purple">
            <a href={deployment.netlify_site_url} target="_blank" rel="noreferrer">
              Open site <LuExternalLink />
            </a>
          </Button>
        )}
        {isDeploymentPending(deployment) && (
          <Button asChild size="sm" variant="outline">
            <RouterLink to={paths.dashboard.getHref()}>See it on the dashboard</RouterLink>
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onNewCopy} data-testid="deploy-new-copy">
          <LuCopyPlus /> Deploy a new copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
