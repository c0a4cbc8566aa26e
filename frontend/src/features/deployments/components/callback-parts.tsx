/**
 * What the two provider callback pages (/buyer-github-callback, /buyer-netlify-callback) share:
 * reading `code` and `state` once, and the Deployment Failed panel with Try Again.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';

export interface CallbackParams {
  code: string;
  state: string;
}

/**
 * Runs `complete` once with the page's `code` and `state` (a provider answering with an error
 * sends neither), or `missing` without them. Once: the code is single use.
 */
export function useCallbackParams(complete: (params: CallbackParams) => void, missing: () => void) {
  const [search] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (code && state) complete({ code, state });
    else missing();
  }, [complete, missing, search]);
}

/** Deployment Failed with the reason, Try Again (the template's page, else the catalog) and more. */
export function DeploymentFailedPanel({
  message,
  mvpId,
  testId,
  details,
  children,
}: {
  message: string;
  mvpId?: string | null;
  testId: string;
  /** More about the failure, under the message (a build log's end). */
  details?: ReactNode;
  /** The second action, e.g. Back to Dashboard. */
  children: ReactNode;
}) {
  return (
    <Stack gap="4">
      <Alert.Root status="error" data-testid={testId}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Deployment Failed</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {details}
      <HStack gap="3">
        <Button asChild colorPalette="purple">
          <RouterLink to={mvpId ? paths.mvp.getHref(mvpId) : paths.browse.getHref()}>
            Try Again
          </RouterLink>
        </Button>
        {children}
      </HStack>
    </Stack>
  );
}
