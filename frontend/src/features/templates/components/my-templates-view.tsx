/**
 * `/my-mvps`: the seller's templates with status filters, actions and
 * empty states; signed-out visitors get a sign-in prompt, unapproved sellers the approval notice.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Container,
  EmptyState,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  VStack,
} from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router';
import { LuGithub, LuPackage, LuPlus } from 'react-icons/lu';
import { MY_TEMPLATE_FILTERS, type ManagedTemplate } from '@contract/templates';
import { isSellerRole } from '@contract/profile';
import { PageSpinner } from '@/components/page-spinner';
import { SellerApprovalRequired } from '@/components/seller-approval-required';
import { paths } from '@/config/paths';
import { refusalMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth-session';
import { useMyProfile } from '@/lib/my-profile';
import { useArchiveTemplate } from '../api/archive-template';
import { useMyTemplates } from '../api/get-my-templates';
import { useRetryProcessing } from '../api/retry-processing';
import { GITHUB_MESSAGES } from '@contract/github';
import { useInstallGithubApp, useSyncRepository } from '@/features/github';
import { MyTemplateCard } from './my-template-card';
import { SignInButton } from '@/components/sign-in-link';
import { QueryError, QueryErrorPage } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

export const RETRY_FAILED = 'Failed to retry processing. Please try again.';
export const DELETE_FAILED = 'Failed to delete MVP';

type Filter = (typeof MY_TEMPLATE_FILTERS)[number]['value'];

type Notice = { status: 'success' | 'error'; text: string };

/** A refusal or a failed service in the API's words; else the page's own text. */
const errorNotice = (error: unknown, fallback: string): Notice => ({
  status: 'error',
  text: refusalMessage(error, fallback),
});

/** Retry, sync and delete for one template at a time, each saying how it went. */
function useTemplateActions(setNotice: (notice: Notice | undefined) => void) {
  const retry = useRetryProcessing();
  const archive = useArchiveTemplate();
  const sync = useSyncRepository();
  const onRetry = (template: ManagedTemplate) => {
    setNotice(undefined);
    retry.mutate(template.id, {
      onSuccess: (result) => setNotice({ status: 'success', text: result.message }),
      // A refusal says why (a scan refusal needs a corrected version, not a retry).
      onError: (error) => setNotice(errorNotice(error, RETRY_FAILED)),
    });
  };
  const onSync = (template: ManagedTemplate) => {
    setNotice(undefined);
    sync.mutate(template.id, {
      onSuccess: (result) => setNotice({ status: 'success', text: result.message }),
      onError: (error) => setNotice(errorNotice(error, GITHUB_MESSAGES.syncFailed)),
    });
  };
  const onDelete = async (template: ManagedTemplate) => {
    setNotice(undefined);
    try {
      const result = await archive.mutateAsync(template.id);
      setNotice({ status: 'success', text: result.message });
    } catch (error) {
      setNotice(errorNotice(error, DELETE_FAILED));
    }
  };
  return { retry, sync, onRetry, onSync, onDelete };
}

/** Signed out: the page asks to sign in and comes back here. */
function SignInToView() {
  return (
    <Container maxW="lg" py="16">
      <EmptyState.Root>
        <EmptyState.Content>
          <VStack textAlign="center">
            <EmptyState.Title>Please sign in to view your MVPs</EmptyState.Title>
          </VStack>
          <SignInButton from={paths.myMvps.getHref()} />
        </EmptyState.Content>
      </EmptyState.Root>
    </Container>
  );
}

interface MyTemplatesHeaderProps {
  /** Whether the GitHub App is installed; undefined until the profile is known. */
  githubAppInstalled: boolean | undefined;
  installing: boolean;
  onInstall: () => void;
}

/** The title, installing the GitHub App, and Upload New MVP. */
function MyTemplatesHeader({ githubAppInstalled, installing, onInstall }: MyTemplatesHeaderProps) {
  return (
    <HStack justify="space-between" wrap="wrap" gap="4">
      <Heading as="h1" size="2xl">
        My MVPs
      </Heading>
      <HStack gap="2" wrap="wrap">
        {githubAppInstalled !== undefined && (
          <Button
            variant="outline"
            loading={installing}
            onClick={onInstall}
            data-testid="install-github-app"
          >
            <LuGithub /> {githubAppInstalled ? 'Reinstall GitHub App' : 'Install GitHub App'}
          </Button>
        )}
        <Button asChild colorPalette="purple">
          <RouterLink to={paths.upload.getHref()}>
            <LuPlus /> Upload New MVP
          </RouterLink>
        </Button>
      </HStack>
    </HStack>
  );
}

/** One button per status; the chosen one is pressed. */
function StatusFilter({
  filter,
  onChange,
}: {
  filter: Filter;
  onChange: (filter: Filter) => void;
}) {
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label="Filter by status">
      {MY_TEMPLATE_FILTERS.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={filter === option.value ? 'solid' : 'outline'}
          colorPalette="purple"
          aria-pressed={filter === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </HStack>
  );
}

/** No template under the filter: for "all", a way to upload the first one. */
function NoTemplates({ filter, filterLabel }: { filter: Filter; filterLabel: string }) {
  return (
    <EmptyState.Root data-testid="my-mvps-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuPackage />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>
            {filter === 'all' ? 'No MVPs Yet' : `No ${filterLabel} MVPs`}
          </EmptyState.Title>
        </VStack>
        {filter === 'all' && (
          <Button asChild colorPalette="purple">
            <RouterLink to={paths.upload.getHref()}>Upload Your First MVP</RouterLink>
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The page's notice, starting with the one a page that sent the seller here passed (`{ notice }`). */
function useNoticeFromRoute() {
  const location = useLocation();
  return useState<Notice | undefined>(() => {
    const state = location.state as { notice?: unknown } | null;
    return typeof state?.notice === 'string'
      ? { status: 'success', text: state.notice }
      : undefined;
  });
}

export function MyTemplatesView() {
  const { session } = useSession();
  const signedIn = session.status === 'signedIn';
  const profile = useMyProfile({ enabled: signedIn });
  const approved = Boolean(
    profile.data && profile.data.is_seller_approved && isSellerRole(profile.data.role),
  );
  const templates = useMyTemplates({ enabled: approved });
  const installApp = useInstallGithubApp();
  const [notice, setNotice] = useNoticeFromRoute();
  const [filter, setFilter] = useState<Filter>('all');

  const { retry, sync, onRetry, onSync, onDelete } = useTemplateActions(setNotice);

  if (session.status === 'loading' || (signedIn && profile.isPending)) return <PageSpinner />;
  if (session.status === 'signedOut') {
    return <SignInToView />;
  }
  if (profile.isError) {
    return (
      <QueryErrorPage {...failedQueryProps(profile)} maxW="6xl" py="10" testId="profile-error" />
    );
  }
  if (!approved) return <SellerApprovalRequired />;

  const onNotice = (text: string) => setNotice({ status: 'success', text });
  const items = templates.data?.items ?? [];
  const shown = filter === 'all' ? items : items.filter((item) => item.status === filter);
  const filterLabel = MY_TEMPLATE_FILTERS.find((option) => option.value === filter)?.label ?? '';

  return (
    <Container maxW="6xl" py="10">
      <Stack gap="6">
        <MyTemplatesHeader
          githubAppInstalled={profile.data?.github_app_installed}
          installing={installApp.isPending}
          onInstall={() =>
            installApp.mutate(undefined, {
              onError: (error) => setNotice(errorNotice(error, GITHUB_MESSAGES.installUnexpected)),
            })
          }
        />
        {notice && (
          <Alert.Root status={notice.status} data-testid="my-mvps-notice">
            <Alert.Indicator />
            <Alert.Title>{notice.text}</Alert.Title>
          </Alert.Root>
        )}
        <StatusFilter filter={filter} onChange={setFilter} />
        {templates.isPending ? (
          <PageSpinner />
        ) : templates.isError ? (
          <QueryError {...failedQueryProps(templates)} testId="my-mvps-error" />
        ) : shown.length === 0 ? (
          <NoTemplates filter={filter} filterLabel={filterLabel} />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
            {shown.map((template) => (
              <MyTemplateCard
                key={template.id}
                mvp={template}
                onRetry={onRetry}
                onDelete={onDelete}
                retrying={retry.isPending && retry.variables === template.id}
                onSync={onSync}
                syncing={sync.isPending && sync.variables === template.id}
                onNotice={onNotice}
                onVersionNotice={(status, text) => setNotice({ status, text })}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
