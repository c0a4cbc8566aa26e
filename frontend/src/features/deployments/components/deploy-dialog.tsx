/**
 * Deploy's dialog: what the deploy will cost, then the repository name (CreateRepositoryFlow). Its
 * own chunk, loaded when the visitor reaches for Deploy (deploy-button.tsx), so the template page's
 * first load carries neither the dialog nor the form.
 */
import { Alert, Dialog, Portal } from '@chakra-ui/react';
import { suggestRepoName } from '../lib/repo-name';
import { CreateRepositoryFlow } from './create-repository-flow';

export default function DeployDialog({
  open,
  onOpenChange,
  mvpId,
  slug,
  username,
  costNote,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mvpId: string;
  slug?: string;
  username?: string | null;
  costNote: string | null;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount>
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
                username={username}
                initialName={suggestRepoName(slug)}
                onCancel={() => onOpenChange(false)}
              />
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
