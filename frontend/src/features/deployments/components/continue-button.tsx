/**
 * Continue: a deployment that stopped resumes from its last finished step with the same
 * repository (the server decides which; Netlify's authorisation takes the browser there). Shown
 * wherever a stopped deployment is: the dashboard, its page, the deploy dialog's offer.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { LuPlay } from 'react-icons/lu';
import { DEPLOY_CONTINUE_MESSAGES } from '@contract/deploy-messages';
import { refusalMessage } from '@/lib/api-error';
import { useContinueDeployment } from '../api/deployments';

export function ContinueButton({
  deploymentId,
  onContinued,
  size = 'sm',
}: {
  deploymentId: string;
  /** The step runs again (the page polls the deployment from here on). */
  onContinued?: () => void;
  size?: 'xs' | 'sm' | 'md';
}) {
  const resume = useContinueDeployment();
  const redirecting = resume.data?.next === 'authorize_netlify';
  return (
    <Stack gap="1" align="start">
      <Button
        size={size}
        colorPalette="purple"
        loading={resume.isPending || redirecting}
        onClick={() =>
          resume.mutate(
            { id: deploymentId },
            { onSuccess: (answer) => answer.next === 'running' && onContinued?.() },
          )
        }
        data-testid="continue-deployment"
      >
        <LuPlay /> Continue
      </Button>
      {resume.isError && (
        <Text fontSize="xs" color="fg.error" role="alert">
          {refusalMessage(resume.error, DEPLOY_CONTINUE_MESSAGES.continueFailed)}
        </Text>
      )}
    </Stack>
  );
}
