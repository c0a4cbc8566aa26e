/**
 * The repository step of a deployment: the name (normalised as typed, with
 * the product's hint), Cancel or Create Repository (disabled while empty), progress, and 1.5 s after
 * the repository exists the redirect to Netlify's authorisation. Used by /buyer-github-callback and
 * by the detail page's Deploy when GitHub is already connected. A template that deploys as a
 * repository only goes no further than the repository: no Netlify, and the repository's link once
 * the deployment completed. A deployment that failed before its
 * repository existed (the name was taken) is continued under the new name when it is submitted
 * again: its download was spent once.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Field,
  HStack,
  Heading,
  Input,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { QueryError } from '@/components/query-error';
import { refusalMessage } from '@/lib/api-error';
import { failedQueryProps } from '@/lib/query-retry';
import {
  useContinueDeployment,
  useCreateRepository,
  useDeploymentStatus,
  useNetlifyAuthorization,
} from '../api/deployments';
import { NETLIFY_REDIRECT_DELAY_MS, deploymentPhase, pollTimedOut } from '../lib/deployment-status';
import { isSubmittableRepoName, normaliseRepoName } from '../lib/repo-name';
import { DEPLOY_MESSAGES } from '@contract/deploy-messages';
import { SITE_SETTINGS_MESSAGES } from '@contract/site-settings';

type Step =
  | { kind: 'naming' }
  | { kind: 'creating'; deploymentId?: string; startedAt: number }
  | { kind: 'created'; repoUrl: string; netlifyUrl: string }
  | { kind: 'repositoryOnly'; repoUrl: string }
  | { kind: 'failed'; message: string; deploymentId?: string };

/** After the repository exists, Netlify's authorisation, once the product's pause has passed. */
function useRedirectWhenCreated(step: Step) {
  useEffect(() => {
    if (step.kind !== 'created') return;
    const timer = setTimeout(
      () => window.location.assign(step.netlifyUrl),
      NETLIFY_REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [step]);
}

/** The repository is being created and the template pushed. */
function RepoCreating() {
  return (
    <Stack align="center" gap="4" data-testid="repo-creating">
      <Spinner size="lg" />
      <Text>Creating your repository and pushing the template…</Text>
    </Stack>
  );
}

/** The repository exists: its link, while the browser heads to Netlify. */
function RepoCreated({ repoUrl }: { repoUrl: string }) {
  return (
    <Stack align="center" gap="4" data-testid="repo-created">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Repository created</Alert.Title>
          <Alert.Description>
            <Link href={repoUrl} target="_blank" rel="noreferrer">
              {repoUrl}
            </Link>{' '}
            Redirecting to Netlify to publish your site…
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Spinner />
    </Stack>
  );
}

/** A repository-only template's deploy is done: the repository, and no site. */
function RepositoryReady({ repoUrl }: { repoUrl: string }) {
  return (
    <Alert.Root status="success" data-testid="repository-only-done">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{SITE_SETTINGS_MESSAGES.repositoryOnlyDone}</Alert.Title>
        <Alert.Description>
          <Link href={repoUrl} target="_blank" rel="noreferrer">
            {repoUrl}
          </Link>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The view of a step past the name, if any. */
function stepView(step: Step) {
  if (step.kind === 'creating') return <RepoCreating />;
  if (step.kind === 'created') return <RepoCreated repoUrl={step.repoUrl} />;
  if (step.kind === 'repositoryOnly') return <RepositoryReady repoUrl={step.repoUrl} />;
  return null;
}

interface RepoNameFormProps {
  repoName: string;
  onRepoNameChange: (name: string) => void;
  username?: string | null;
  repositoryOnly: boolean;
  /** Why the last attempt failed, shown above the name. */
  failure?: string;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The repository's name, with Cancel and Create Repository. */
function RepoNameForm({
  repoName,
  onRepoNameChange,
  username,
  repositoryOnly,
  failure,
  onSubmit,
  onCancel,
}: RepoNameFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="5" data-testid="repo-name-form">
        <Heading size="lg">Name your repository</Heading>
        <Text color="fg.muted">
          We will create this repository
          {username ? ` in @${username}'s GitHub account` : ' on GitHub'} with the template&apos;s
          code{repositoryOnly ? '.' : ', then publish it on Netlify.'}
        </Text>
        {failure !== undefined && (
          <Alert.Root status="error" data-testid="repo-failed">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required>
          <Field.Label>Repository name</Field.Label>
          <Input
            name="repo_name"
            value={repoName}
            autoFocus
            placeholder="my-new-app"
            onChange={(event) => onRepoNameChange(normaliseRepoName(event.target.value))}
          />
          <Field.HelperText>{DEPLOY_MESSAGES.repoNameHint}</Field.HelperText>
        </Field.Root>
        <HStack justify="end" gap="3">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="purple" disabled={!isSubmittableRepoName(repoName)}>
            Create Repository
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * Create Repository: a new deployment, or, after one that failed before its repository existed,
 * that deployment continued under the new name. The deployment is polled once the server answers
 * (for a continued one, after its list and status were read again: not its old failure).
 */
function useStartRepository(mvpId: string, setStep: (step: Step) => void) {
  const create = useCreateRepository();
  const resume = useContinueDeployment();
  return (name: string, step: Step) => {
    const failed = step.kind === 'failed' ? step.deploymentId : undefined;
    setStep({ kind: 'creating', startedAt: Date.now() });
    const onError = (error: Error) =>
      setStep({
        kind: 'failed',
        message: refusalMessage(error, DEPLOY_MESSAGES.repoFailed),
        ...(failed && { deploymentId: failed }),
      });
    if (failed) {
      resume.mutate(
        { id: failed, repoName: name },
        {
          onSuccess: () =>
            setStep({ kind: 'creating', deploymentId: failed, startedAt: Date.now() }),
          onError,
        },
      );
      return;
    }
    create.mutate(
      { mvpId, repoName: name },
      {
        onSuccess: (result) =>
          setStep({ kind: 'creating', deploymentId: result.deployment_id, startedAt: Date.now() }),
        onError,
      },
    );
  };
}

/**
 * Follows the deployment while its repository is made: the repository step runs in the
 * background; once the deployment says `repo_created`, the Netlify authorisation starts; a failed
 * step, or one that took too long, shows its message.
 */
function useFollowDeployment(
  deployment: ReturnType<typeof useDeploymentStatus>['data'],
  step: Step,
  setStep: (step: Step) => void,
  repositoryOnly: boolean,
) {
  const netlify = useNetlifyAuthorization();
  const startedAt = step.kind === 'creating' ? step.startedAt : 0;
  const netlifyStart = netlify.mutate;
  useEffect(() => {
    if (!deployment || step.kind !== 'creating') return;
    if (deploymentPhase(deployment.status) === 'failed') {
      setStep({
        kind: 'failed',
        message: deployment.error_message ?? DEPLOY_MESSAGES.repoFailed,
        ...(deployment.can_continue && { deploymentId: deployment.id }),
      });
    } else if (deployment.repository_only && deploymentPhase(deployment.status) === 'succeeded') {
      setStep({ kind: 'repositoryOnly', repoUrl: deployment.github_repo_url ?? '' });
    } else if (
      deployment.status === 'repo_created' &&
      !repositoryOnly &&
      !netlify.isPending &&
      !netlify.isSuccess
    ) {
      netlifyStart(deployment.id, {
        onSuccess: ({ url }) =>
          setStep(
            url
              ? { kind: 'created', repoUrl: deployment.github_repo_url ?? '', netlifyUrl: url }
              : { kind: 'failed', message: DEPLOY_MESSAGES.netlifyNoUrl },
          ),
        onError: (error) =>
          setStep({
            kind: 'failed',
            message: refusalMessage(error, DEPLOY_MESSAGES.netlifyInitiateFailed),
          }),
      });
    }
  }, [
    deployment,
    step.kind,
    repositoryOnly,
    netlify.isPending,
    netlify.isSuccess,
    netlifyStart,
    setStep,
  ]);

  useRedirectWhenCreated(step);

  useEffect(() => {
    if (step.kind === 'creating' && pollTimedOut(deployment?.status, startedAt)) {
      setStep({ kind: 'failed', message: DEPLOY_MESSAGES.repoFailed });
    }
  }, [deployment?.status, startedAt, step.kind, setStep]);
}

export function CreateRepositoryFlow({
  mvpId,
  username,
  onCancel,
  initialName = '',
  repositoryOnly = false,
}: {
  mvpId: string;
  username?: string | null;
  onCancel: () => void;
  initialName?: string;
  /** The template deploys as a repository only: no Netlify step after the repository. */
  repositoryOnly?: boolean;
}) {
  const startRepository = useStartRepository(mvpId, (next) => setStep(next));
  const [repoName, setRepoName] = useState(initialName);
  const [step, setStep] = useState<Step>({ kind: 'naming' });
  const deploymentId = step.kind === 'creating' ? step.deploymentId : undefined;
  const startedAt = step.kind === 'creating' ? step.startedAt : 0;
  const status = useDeploymentStatus(deploymentId, startedAt);
  const deployment = status.data;

  useFollowDeployment(deployment, step, setStep, repositoryOnly);

  const submit = () => {
    const name = normaliseRepoName(repoName);
    if (isSubmittableRepoName(name)) startRepository(name, step);
  };

  // The deployment's status could not be read: the work goes on, so say why with Try again.
  if (step.kind === 'creating' && status.isError) {
    return <QueryError {...failedQueryProps(status)} testId="deployment-status-error" />;
  }
  const progress = stepView(step);
  if (progress) return progress;
  return (
    <RepoNameForm
      repoName={repoName}
      onRepoNameChange={setRepoName}
      username={username}
      repositoryOnly={repositoryOnly}
      failure={step.kind === 'failed' ? step.message : undefined}
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
