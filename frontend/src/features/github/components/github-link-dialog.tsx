/**
 * The GitHub link dialog: repository owner and name, a webhook secret
 * (generated here or provided), Validate, Link and, when linked, Unlink. The webhook endpoint
 * shown is /api/webhooks/github; the secret is sent once and never shown again after linking.
 */
import { useState } from 'react';
import { Button, Code, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  GITHUB_MESSAGES,
  GITHUB_WEBHOOK_PATH,
  githubLinkFormSchema,
  githubRepositorySchema,
} from '@contract/github';
import type { ManagedTemplate } from '@contract/templates';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { errorMessage, refusalMessage } from '@/lib/api-error';
import { useLinkRepository, useUnlinkRepository, useValidateRepository } from '../api/github';

/** 32 random bytes as hex: a webhook secret. */
const generateSecret = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

interface GithubLinkDialogProps {
  mvp: ManagedTemplate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: (message: string) => void;
}

type Outcome = { status: 'success' | 'error'; text: string } | undefined;

/** The dialog's form and its three requests: validate, link, unlink; each says how it went. */
function useGithubLink(
  mvp: ManagedTemplate,
  onOpenChange: (open: boolean) => void,
  onDone: (message: string) => void,
) {
  const validate = useValidateRepository(mvp.id);
  const link = useLinkRepository(mvp.id);
  const unlink = useUnlinkRepository(mvp.id);
  const [outcome, setOutcome] = useState<Outcome>();
  const form = useZodForm(githubLinkFormSchema, {
    owner: mvp.github?.owner ?? '',
    name: mvp.github?.name ?? '',
    webhook_secret: '',
  });

  const onValidate = async () => {
    setOutcome(undefined);
    const parsed = githubRepositorySchema.safeParse({
      owner: form.getValues('owner'),
      name: form.getValues('name'),
    });
    if (!parsed.success) {
      setOutcome({ status: 'error', text: GITHUB_MESSAGES.ownerAndNameRequired });
      return;
    }
    try {
      const result = await validate.mutateAsync(parsed.data);
      setOutcome({ status: 'success', text: `${result.message} (${result.full_name})` });
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) || GITHUB_MESSAGES.validateFailed });
    }
  };

  const onLink = form.handleSubmit(async (input) => {
    setOutcome(undefined);
    try {
      const result = await link.mutateAsync(input);
      form.setValue('webhook_secret', '');
      onDone(result.message);
      onOpenChange(false);
    } catch (error) {
      setOutcome({ status: 'error', text: errorMessage(error) || GITHUB_MESSAGES.linkFailed });
    }
  });

  const onUnlink = async () => {
    setOutcome(undefined);
    try {
      const result = await unlink.mutateAsync();
      onDone(result.message);
      onOpenChange(false);
    } catch (error) {
      setOutcome({ status: 'error', text: refusalMessage(error, GITHUB_MESSAGES.unlinkFailed) });
    }
  };

  return { form, outcome, validate, link, unlink, onValidate, onLink, onUnlink };
}

interface WebhookSecretFieldProps {
  error?: string;
  registration: UseFormRegisterReturn<'webhook_secret'>;
  onGenerate: () => void;
}

/** The webhook secret: typed or pasted, or generated here. */
function WebhookSecretField({ error, registration, onGenerate }: WebhookSecretFieldProps) {
  return (
    <FormField
      label="Webhook secret"
      error={error}
      helperText="Generate one, or paste your own. It is stored encrypted and never shown again."
    >
      <HStack w="full">
        <Input {...registration} type="password" autoComplete="off" data-testid="github-secret" />
        <Button variant="outline" onClick={onGenerate} data-testid="github-generate-secret">
          Generate
        </Button>
      </HStack>
    </FormField>
  );
}

interface LinkDialogFooterProps {
  /** Whether a repository is linked already, so Unlink is offered. */
  linked: boolean;
  unlinking: boolean;
  validating: boolean;
  linking: boolean;
  onUnlink: () => void;
  onValidate: () => void;
}

/** Unlink (when linked), Validate and Link. */
function LinkDialogFooter({
  linked,
  unlinking,
  validating,
  linking,
  onUnlink,
  onValidate,
}: LinkDialogFooterProps) {
  return (
    <Dialog.Footer gap="2" flexWrap="wrap">
      {linked && (
        <Button
          variant="ghost"
          colorPalette="red"
          loading={unlinking}
          onClick={onUnlink}
          data-testid="github-unlink"
        >
          Unlink
        </Button>
      )}
      <Button
        variant="outline"
        loading={validating}
        onClick={onValidate}
        data-testid="github-validate"
      >
        Validate
      </Button>
      <Button type="submit" colorPalette="purple" loading={linking} data-testid="github-link">
        Link
      </Button>
    </Dialog.Footer>
  );
}

export function GithubLinkDialog({ mvp, open, onOpenChange, onDone }: GithubLinkDialogProps) {
  const { form, outcome, validate, link, unlink, onValidate, onLink, onUnlink } = useGithubLink(
    mvp,
    onOpenChange,
    onDone,
  );
  const { errors } = form.formState;

  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="github-link-dialog">
            <form onSubmit={onLink} noValidate aria-label="Link GitHub repository">
              <Dialog.Header>
                <Dialog.Title>GitHub repository</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    Every push to the repository&apos;s default branch becomes a new patch version
                    of “{mvp.title}”. Webhook endpoint: <Code>{GITHUB_WEBHOOK_PATH}</Code>
                  </Text>
                  {outcome && (
                    <FormAlert
                      status={outcome.status}
                      size="sm"
                      title={outcome.text}
                      data-testid="github-link-outcome"
                    />
                  )}
                  <HStack gap="3" align="start">
                    <FormField label="Repository owner" error={errors.owner?.message}>
                      <Input {...form.register('owner')} data-testid="github-owner" />
                    </FormField>
                    <FormField label="Repository name" error={errors.name?.message}>
                      <Input {...form.register('name')} data-testid="github-name" />
                    </FormField>
                  </HStack>
                  <WebhookSecretField
                    error={errors.webhook_secret?.message}
                    registration={form.register('webhook_secret')}
                    onGenerate={() =>
                      form.setValue('webhook_secret', generateSecret(), { shouldDirty: true })
                    }
                  />
                </Stack>
              </Dialog.Body>
              <LinkDialogFooter
                linked={Boolean(mvp.github)}
                unlinking={unlink.isPending}
                validating={validate.isPending}
                linking={link.isPending}
                onUnlink={() => void onUnlink()}
                onValidate={() => void onValidate()}
              />
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
