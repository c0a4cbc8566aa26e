/**
 * A buyer's request page (disputes and refund requests are the same page): a title,
 * tabs "New …" and "… History", the new-request form once the things it may name are loaded (the
 * templates the buyer downloaded, their subscriptions), and the history, loaded when its tab opens.
 * The failure text of a request is shared too.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Container, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../lib/api-error';
import { setServerFieldErrors } from './form/use-form-submit';
import { PageSpinner } from './page-spinner';
import { QueryError } from './query-error';
import { failedQueryProps, type FailedQuery } from '../lib/query-retry';

export interface RequestChoices<Choice> {
  /** What a request may name; undefined until loaded. */
  items: readonly Choice[] | undefined;
  loading: boolean;
  /** The failed query when they could not be loaded (its words and Try again are shown). */
  failed: FailedQuery | undefined;
  /** The product's text when they could not be loaded. */
  failedMessage: string;
}

export interface RequestPageProps<Choice> {
  title: string;
  description: string;
  newTabLabel: string;
  historyTabLabel: string;
  choices: RequestChoices<Choice>;
  renderForm: (choices: readonly Choice[]) => ReactNode;
  /** Rendered only once its tab is opened, so the history is fetched only when wanted. */
  history: ReactNode;
}

type RequestTab = 'new' | 'history';

export function RequestPage<Choice>({
  title,
  description,
  newTabLabel,
  historyTabLabel,
  choices,
  renderForm,
  history,
}: RequestPageProps<Choice>) {
  const [tab, setTab] = useState<RequestTab>('new');
  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Stack gap="1">
          <Heading size="2xl">{title}</Heading>
          <Text color="fg.muted">{description}</Text>
        </Stack>
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as RequestTab)}
          variant="line"
          colorPalette="purple"
        >
          <Tabs.List>
            <Tabs.Trigger value="new">{newTabLabel}</Tabs.Trigger>
            <Tabs.Trigger value="history">{historyTabLabel}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="new">
            {choices.failed ? (
              <QueryError
                {...failedQueryProps(choices.failed)}
                title={choices.failedMessage}
                testId="request-choices-error"
              />
            ) : choices.loading || !choices.items ? (
              <PageSpinner />
            ) : (
              renderForm(choices.items)
            )}
          </Tabs.Content>
          <Tabs.Content value="history">{tab === 'history' && history}</Tabs.Content>
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

/**
 * What a request form says when the API refused it: signed out; or the product's failure text with
 * the API's reason for a 4xx, its field errors put on the fields.
 */
export function requestFailure<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  error: unknown,
  messages: { signedOut: string; submitFailed: string },
): string {
  if (error instanceof ApiError && error.status === 401) return messages.signedOut;
  setServerFieldErrors(form, error);
  const detail = error instanceof ApiError && error.status < 500 ? ` ${error.message}` : '';
  return `${messages.submitFailed}${detail}`;
}
