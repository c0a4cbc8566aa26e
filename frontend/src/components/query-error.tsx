/**
 * What a page shows when its data could not be loaded: the reason in words (the API's own message,
 * which names the service that failed, or that the marketplace cannot be reached) and a Try again
 * button that asks once more. Queries do not retry an answer by themselves (lib/query-retry.ts), so
 * this shows as soon as the API has answered, and the visitor decides when to ask again. It takes
 * the place of the data that failed, so the rest of the page keeps working.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Container, Stack, type ContainerProps } from '@chakra-ui/react';
import { LuRotateCw } from 'react-icons/lu';
import { errorMessage } from '../lib/api-error';

export const TRY_AGAIN_LABEL = 'Try again';

export interface QueryErrorProps {
  error: unknown;
  /** Asks again (a query's `refetch`). */
  onRetry: () => unknown;
  /** True while that new request is out: the button says so and cannot be pressed twice. */
  retrying?: boolean;
  /** The alert's `data-testid`. */
  testId?: string;
  /** The text instead of the error's own (a page's "not found", say); the button stays. */
  message?: ReactNode;
  /** The page's own heading for the failure ("Failed to load …"), above the error's words. */
  title?: ReactNode;
}

export function QueryError({
  error,
  onRetry,
  retrying = false,
  testId,
  message,
  title,
}: QueryErrorProps) {
  const words = message ?? errorMessage(error);
  return (
    <Alert.Root status="error" data-testid={testId} alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="3" flex="1" align="flex-start">
        {title ? (
          <Alert.Content>
            <Alert.Title>{title}</Alert.Title>
            <Alert.Description>{words}</Alert.Description>
          </Alert.Content>
        ) : (
          <Alert.Title>{words}</Alert.Title>
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => void onRetry()}
          loading={retrying}
          loadingText="Trying again…"
          data-testid="query-error-retry"
        >
          <LuRotateCw /> {TRY_AGAIN_LABEL}
        </Button>
      </Stack>
    </Alert.Root>
  );
}

// The home page loads it only when its featured templates failed (lazyPage takes a default).
export default QueryError;

export interface QueryErrorPageProps extends QueryErrorProps {
  maxW?: ContainerProps['maxW'];
  py?: ContainerProps['py'];
  /** Above the alert (a "Back to …" link). */
  before?: ReactNode;
}

/** A whole page whose data failed (as `ErrorPage` frames a page that cannot be shown). */
export function QueryErrorPage({ maxW = '3xl', py = '16', before, ...props }: QueryErrorPageProps) {
  return (
    <Container maxW={maxW} py={py}>
      {before}
      <QueryError {...props} />
    </Container>
  );
}
