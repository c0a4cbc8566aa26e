/**
 * What a page shows when its data could not be loaded: the reason in words (the API's own message,
 * which names the service that failed, or that the marketplace cannot be reached) and a Try again
 * button that asks once more. Queries do not retry an answer by themselves (lib/query-retry.ts), so
 * this shows as soon as the API has answered, and the visitor decides when to ask again.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
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
}

export function QueryError({ error, onRetry, retrying = false, testId, message }: QueryErrorProps) {
  return (
    <Alert.Root status="error" data-testid={testId} alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="3" flex="1" align="flex-start">
        <Alert.Title>{message ?? errorMessage(error)}</Alert.Title>
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
