/**
 * The frame every admin queue tab shares (refund requests, disputes, payouts): a heading with the
 * status filter, the last action's outcome, and the list's states (loading, the load failure,
 * empty, the items). Each tab brings only its rows and its actions.
 */
import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  ButtonGroup,
  HStack,
  Heading,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FormAlert } from '@/components/form/form-alert';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

export interface QueueOutcome {
  status: 'success' | 'error';
  text: string;
}

export interface AdminQueueProps<S extends string, T> {
  title: string;
  testId: string;
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  status: S;
  onStatusChange: (status: S) => void;
  outcome: QueueOutcome | null;
  outcomeTestId: string;
  /** The list query's state. */
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    data: readonly T[] | undefined;
    refetch: () => unknown;
  };
  /** The load failure's text, when not the API's own words. */
  errorText?: string;
  emptyText: string;
  emptyTestId: string;
  /** The items, once loaded and not empty. */
  children: (items: readonly T[]) => ReactNode;
  /** Anything after the list (a dialog). */
  footer?: ReactNode;
  /** A count shown on a filter button, when known. */
  countOf?: (status: S) => number | undefined;
}

export function AdminQueue<S extends string, T>(props: AdminQueueProps<S, T>) {
  const { query } = props;
  let body: ReactNode;
  if (query.isPending) body = <Skeleton h="40" />;
  else if (query.isError || !query.data) {
    body = (
      <QueryError
        {...failedQueryProps(query)}
        message={props.errorText}
        testId={`${props.testId}-error`}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <Text color="fg.muted" py="6" data-testid={props.emptyTestId}>
        {props.emptyText}
      </Text>
    );
  } else body = props.children(query.data);

  return (
    <Stack gap="5" data-testid={props.testId} aria-busy={query.isPending}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h2" size="lg">
          {props.title}
        </Heading>
        {/* Smaller on a phone, and scrolled rather than cut off if the labels still do not fit. */}
        <Box maxW="full" overflowX="auto">
          <ButtonGroup
            size={{ base: 'xs', sm: 'sm' }}
            attached
            variant="outline"
            role="group"
            aria-label="Status"
          >
            {props.statuses.map((option) => (
              <Button
                key={option}
                aria-pressed={props.status === option}
                variant={props.status === option ? 'solid' : 'outline'}
                colorPalette="purple"
                onClick={() => props.onStatusChange(option)}
              >
                {props.labels[option]}
                {props.countOf?.(option) !== undefined && (
                  <Badge size="xs" variant="subtle" colorPalette="gray">
                    {props.countOf(option)}
                  </Badge>
                )}
              </Button>
            ))}
          </ButtonGroup>
        </Box>
      </HStack>
      {props.outcome && (
        <FormAlert
          status={props.outcome.status}
          title={props.outcome.text}
          data-testid={props.outcomeTestId}
        />
      )}
      {body}
      {props.footer}
    </Stack>
  );
}
