/**
 * Newsletter issues, a self-contained panel of the admin Newsletter tab: compose an
 * issue for a type (the API's own schema, its messages), the issues newest first with status and
 * counts (polled while one is sending), and Send behind the shared confirmation, which says how
 * many addresses the issue will reach; an issue that did not reach everyone (an e-mail service
 * outage) has "Send to the rest", which sends it to those it did not reach only.
 */
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  NEWSLETTER_ISSUE_BODY_MAX,
  canResendIssue,
  newsletterIssueCreateSchema,
  type AdminNewsletterIssue,
  type NewsletterIssueStatusName,
} from '@contract/newsletter-issues';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage } from '@/lib/api-error';
import {
  useCreateNewsletterIssue,
  useNewsletterIssue,
  useNewsletterIssues,
  useNewsletterTypesForIssues,
  useSendNewsletterIssue,
} from '../api/newsletter-issues';
import { formatCount, formatDateTime } from '@/lib/format';

const STATUS_PALETTE: Record<NewsletterIssueStatusName, string> = {
  draft: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

const STATUS_LABEL: Record<NewsletterIssueStatusName, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

const formatDate = formatDateTime;

interface NewsletterTypeFieldProps {
  field: UseFormRegisterReturn;
  error?: string;
  types: ReturnType<typeof useNewsletterTypesForIssues>;
}

/** Which newsletter the issue is for, among the types the admin has. */
function NewsletterTypeField({ field, error, types }: NewsletterTypeFieldProps) {
  return (
    <FormField label="Newsletter type" error={error}>
      <NativeSelect.Root size="sm" disabled={types.isPending}>
        <NativeSelect.Field {...field} data-testid="issue-type" aria-label="Newsletter type">
          <option value="">Choose a newsletter type</option>
          {(types.data ?? []).map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );
}

function ComposeIssueForm() {
  const types = useNewsletterTypesForIssues();
  const create = useCreateNewsletterIssue();
  const [created, setCreated] = useState<string | undefined>();
  const form = useZodForm(newsletterIssueCreateSchema, {
    newsletter_type_id: '',
    subject: '',
    body: '',
  });
  const submit = useFormSubmit(form, {
    onStart: () => setCreated(undefined),
    onValid: async (input) => {
      const issue = await create.mutateAsync(input);
      setCreated(issue.subject);
      form.reset({ newsletter_type_id: input.newsletter_type_id, subject: '', body: '' });
    },
    failureMessage: (error) => {
      setServerFieldErrors(form, error);
      return errorMessage(error);
    },
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label="Compose newsletter issue">
      <Stack gap="3" borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
        <Heading as="h3" size="sm">
          Compose an issue
        </Heading>
        {submit.failure && (
          <FormAlert status="error" size="sm" title={submit.failure} data-testid="issue-error" />
        )}
        {created && (
          <FormAlert
            status="success"
            size="sm"
            title={`Draft “${created}” saved. Send it from the list below.`}
            data-testid="issue-created"
          />
        )}
        <NewsletterTypeField
          field={form.register('newsletter_type_id')}
          error={errors.newsletter_type_id?.message}
          types={types}
        />
        <FormField label="Subject" error={errors.subject?.message}>
          <Input {...form.register('subject')} size="sm" data-testid="issue-subject" />
        </FormField>
        <FormField
          label="Body"
          error={errors.body?.message}
          helperText={`Plain text or simple Markdown: # headings, - lists, **bold**, *italic*, [links](https://…). At most ${formatCount(NEWSLETTER_ISSUE_BODY_MAX)} characters. An unsubscribe link is added to every message.`}
        >
          <Textarea {...form.register('body')} size="sm" rows={8} data-testid="issue-body" />
        </FormField>
        <Button
          type="submit"
          size="sm"
          colorPalette="purple"
          alignSelf="flex-end"
          loading={submit.busy}
          data-testid="issue-save"
        >
          Save draft
        </Button>
      </Stack>
    </form>
  );
}

/** The confirmation of a send, with the audience counted by the API just now. */
function SendIssueDialog({
  issue,
  onClose,
}: {
  issue: AdminNewsletterIssue | undefined;
  onClose: () => void;
}) {
  const detail = useNewsletterIssue(issue?.id);
  const send = useSendNewsletterIssue();
  const [failure, setFailure] = useState<string | undefined>();
  const audience = detail.data?.audience;
  // An issue that did not reach everyone goes again to those it did not reach only.
  const again = issue !== undefined && canResendIssue(issue);
  const count = audience === 1 ? '1 recipient' : `${audience ?? 0} recipients`;
  const close = () => {
    setFailure(undefined);
    send.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={Boolean(issue)}
      title={again ? 'Send this issue to those it did not reach?' : 'Send this issue?'}
      confirmLabel="Send now"
      busy={send.isPending || detail.isPending}
      testId="send-issue-dialog"
      onCancel={close}
      onConfirm={() => {
        if (!issue) return;
        send.mutate(issue.id, {
          onSuccess: close,
          onError: (error) => setFailure(errorMessage(error)),
        });
      }}
    >
      {failure && <FormAlert status="error" size="sm" title={failure} />}
      {/* Without the issue's audience the count would read 0: why, and Try again. */}
      {detail.isError && (
        <QueryError {...failedQueryProps(detail)} testId="send-issue-audience-error" />
      )}
      <Text>
        {again
          ? `“${issue?.subject}” goes again to the addresses it did not reach: `
          : `“${issue?.subject}” goes to the ${issue?.newsletter_type_name ?? 'selected'} subscribers: `}
        {detail.isPending ? (
          <Spinner size="xs" />
        ) : detail.isError ? (
          'number not known'
        ) : (
          <Text as="strong" data-testid="send-issue-audience">
            {count}
          </Text>
        )}
        .
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {again
          ? 'Those who have it already get nothing again.'
          : 'An issue is sent once and cannot be recalled. Addresses that have not confirmed their sign-up or have unsubscribed are left out.'}
      </Text>
    </ConfirmDialog>
  );
}

function IssueRow({ issue, onSend }: { issue: AdminNewsletterIssue; onSend: () => void }) {
  const progress =
    issue.recipients === null ? '—' : `${issue.sent + issue.failed} / ${issue.recipients}`;
  return (
    <Table.Row data-testid="newsletter-issue-row" data-issue-id={issue.id}>
      <Table.Cell>
        <Text fontWeight="medium">{issue.subject}</Text>
        <Text fontSize="xs" color="fg.muted">
          {issue.newsletter_type_name ?? issue.newsletter_type_id} · {formatDate(issue.created_at)}
        </Text>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="2">
          <Badge colorPalette={STATUS_PALETTE[issue.status]} data-testid="newsletter-issue-status">
            {STATUS_LABEL[issue.status]}
          </Badge>
          {issue.status === 'sending' && <Spinner size="xs" />}
        </HStack>
      </Table.Cell>
      <Table.Cell data-testid="newsletter-issue-progress">{progress}</Table.Cell>
      <Table.Cell>{issue.sent}</Table.Cell>
      <Table.Cell color={issue.failed > 0 ? 'fg.error' : undefined}>{issue.failed}</Table.Cell>
      <Table.Cell textAlign="end">
        {issue.status === 'draft' ? (
          <Button size="xs" colorPalette="purple" onClick={onSend} data-testid="issue-send">
            Send
          </Button>
        ) : canResendIssue(issue) ? (
          <Button size="xs" variant="outline" onClick={onSend} data-testid="issue-send-again">
            Send to the rest
          </Button>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            {formatDate(issue.sent_at ?? issue.sending_started_at)}
          </Text>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

export function NewsletterIssuesPanel() {
  const issues = useNewsletterIssues();
  const [sending, setSending] = useState<AdminNewsletterIssue | undefined>();

  return (
    <Stack gap="5" data-testid="newsletter-issues-panel">
      <ComposeIssueForm />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          Issues
        </Heading>
        {issues.isPending ? (
          <Spinner />
        ) : issues.isError ? (
          <QueryError {...failedQueryProps(issues)} testId="newsletter-issues-error" />
        ) : issues.data.length === 0 ? (
          <Text color="fg.muted">No issues yet. Compose one above.</Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Issue</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Progress</Table.ColumnHeader>
                  <Table.ColumnHeader>Sent</Table.ColumnHeader>
                  <Table.ColumnHeader>Failed</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {issues.data.map((issue) => (
                  <IssueRow key={issue.id} issue={issue} onSend={() => setSending(issue)} />
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      <SendIssueDialog issue={sending} onClose={() => setSending(undefined)} />
    </Stack>
  );
}

export default NewsletterIssuesPanel;
