/**
 * Deploy's dialog: what the deploy will cost and what it makes (a site with its build settings,
 * or a repository only), then, when the buyer deployed this template before,
 * that deployment first (Continue, Open site, Deploy a new copy: ExistingDeploymentOffer), else
 * the repository name (CreateRepositoryFlow). Its own chunk, loaded when the visitor reaches for
 * Deploy (deploy-button.tsx), so the template page's first load carries neither the dialog nor the
 * form.
 */
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { useState } from 'react';
import { Alert, Dialog, Portal, Spinner, Stack } from '@chakra-ui/react';
import { useMyDeployments } from '../api/deployments';
import { suggestRepoName, unusedRepoName } from '../lib/repo-name';
import { CreateRepositoryFlow } from './create-repository-flow';
import { ExistingDeploymentOffer } from './existing-deployment-offer';
import { SiteSettingsDetail } from './deploy-outcome';
import type { SiteSettings } from '@contract/site-settings';

function DeployChoice({
  mvpId,
  slug,
  username,
  costNote,
  siteSettings,
  onCancel,
}: {
  mvpId: string;
  slug?: string;
  username?: string | null;
  costNote: string | null;
  siteSettings: SiteSettings | null;
  onCancel: () => void;
}) {
  const deployments = useMyDeployments();
  const [newCopy, setNewCopy] = useState(false);
  if (deployments.isPending) {
    return (
      <Stack align="center">
        <Spinner />
      </Stack>
    );
  }
  if (deployments.isError) {
    // Without the list, an earlier deployment of this template cannot be offered, and a new copy
    // would spend a download the buyer may not need to: say so, and let them ask again.
    return (
      <QueryError
        {...failedQueryProps(deployments)}
        title="Your deployments could not be loaded. Nothing was spent."
        testId="deployments-unavailable"
      />
    );
  }
  const mine = deployments.data ?? [];
  // The list is newest first: the latest deployment of this template is the one offered.
  const earlier = mine.find((deployment) => deployment.mvp_id === mvpId);
  if (earlier && !newCopy) {
    return (
      <ExistingDeploymentOffer
        deployment={earlier}
        onNewCopy={() => setNewCopy(true)}
        onCancel={onCancel}
      />
    );
  }
  return (
    <>
      {/* Only a new deployment costs: Continue spends nothing. */}
      {costNote && (
        <Alert.Root status="info" size="sm" mb="4" data-testid="deploy-cost">
          <Alert.Indicator />
          <Alert.Title>Deploying: {costNote}</Alert.Title>
        </Alert.Root>
      )}
      <SiteSettingsDetail settings={siteSettings} />
      <CreateRepositoryFlow
        mvpId={mvpId}
        username={username}
        repositoryOnly={siteSettings?.hostable === false}
        initialName={unusedRepoName(
          suggestRepoName(slug),
          mine.map((deployment) => deployment.repo_name),
        )}
        onCancel={onCancel}
      />
    </>
  );
}

export default function DeployDialog({
  open,
  onOpenChange,
  mvpId,
  slug,
  username,
  costNote,
  siteSettings = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mvpId: string;
  slug?: string;
  username?: string | null;
  costNote: string | null;
  siteSettings?: SiteSettings | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Body py="6">
              <DeployChoice
                mvpId={mvpId}
                slug={slug}
                username={username}
                costNote={costNote}
                siteSettings={siteSettings}
                onCancel={() => onOpenChange(false)}
              />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
