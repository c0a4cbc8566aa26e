/**
 * Settings, Account tab: what the privacy policy and the terms promise. Download all one's data
 * as a JSON file, and close the account, confirmed by the password and then once more in a
 * dialog that says what goes and what stays.
 */
import { useState } from 'react';
import { Button, Card, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router';
import { LuDownload } from 'react-icons/lu';
import type { CloseAccountInput } from '@contract/account';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form/form-field';
import { setServerFieldErrors, useFormSubmit } from '@/components/form/use-form-submit';
import { useZodForm } from '@/components/form/use-zod-form';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useSession } from '@/lib/auth-session';
import { closeAccountSchema, useCloseAccount } from '../api/close-account';
import { useExportMyData } from '../api/export-my-data';
import { Message } from './message';

export function AccountTab() {
  return (
    <Stack gap="6" maxW="2xl">
      <DownloadDataCard />
      <CloseAccountCard />
    </Stack>
  );
}

function DownloadDataCard() {
  const exporter = useExportMyData();
  return (
    <Card.Root variant="outline" data-testid="download-data">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Download your data
        </Heading>
        <Text color="fg.muted">
          One JSON file with your profile, subscriptions, orders, downloads, licences, reviews,
          disputes, refund requests, notifications and deployments. Access tokens of your
          connections are never in it.
        </Text>
        {exporter.isError && <Message status="error" text={errorMessage(exporter.error)} />}
        <Button
          alignSelf="flex-start"
          variant="outline"
          colorPalette="purple"
          loading={exporter.isPending}
          onClick={() => exporter.mutate()}
        >
          <LuDownload /> Download my data
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

const EMPTY: CloseAccountInput = { password: '' };

/** What closing an account deletes, ends and keeps, said before the password is asked for. */
function ClosingConsequences() {
  return (
    <>
      <Text color="fg.muted">Closing your account cannot be undone. When you close it:</Text>
      <List.Root gap="1" ps="5" color="fg.muted" fontSize="sm">
        <List.Item>
          your sign-in, e-mail address, names and profile details, notifications, newsletter
          subscriptions and connections are deleted;
        </List.Item>
        <List.Item>
          a subscription ends with the period you paid for, and your templates leave the marketplace
          (buyers keep what they downloaded);
        </List.Item>
        <List.Item>
          orders, licences as issued, disputes, refund requests, payouts owed to you and your
          reviews&apos; ratings stay, without your name or address, because the law and other users
          need them.
        </List.Item>
      </List.Root>
    </>
  );
}

function CloseAccountCard() {
  const [confirming, setConfirming] = useState<CloseAccountInput | null>(null);
  const close = useCloseAccount();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const form = useZodForm(closeAccountSchema, EMPTY);
  const submit = useFormSubmit(form, {
    onValid: (values) => setConfirming(values),
    failureMessage: errorMessage,
  });

  const confirm = () => {
    if (!confirming) return;
    close.mutate(confirming, {
      onSuccess: async () => {
        await signOut();
        void navigate(paths.home.getHref(), { replace: true });
      },
      onError: (error) => {
        setConfirming(null);
        setServerFieldErrors(form, error);
        if (!form.formState.errors.password) submit.fail(errorMessage(error));
      },
    });
  };

  return (
    <Card.Root variant="outline" borderColor="border.error" data-testid="close-account">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Close your account
        </Heading>
        <ClosingConsequences />
        <form onSubmit={submit.onSubmit} noValidate aria-label="Close account">
          <Stack gap="4" maxW="sm">
            {submit.failure && <Message status="error" text={submit.failure} />}
            <FormField label="Your password" error={form.formState.errors.password?.message}>
              <Input
                {...form.register('password')}
                type="password"
                autoComplete="current-password"
              />
            </FormField>
            <Button type="submit" colorPalette="red" variant="outline" alignSelf="flex-start">
              Close my account
            </Button>
          </Stack>
        </form>
      </Card.Body>
      <ConfirmDialog
        open={confirming !== null}
        title="Close your account?"
        confirmLabel="Close my account"
        cancelLabel="Keep my account"
        busy={close.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
        testId="close-account-dialog"
      >
        <Text>
          Your account and sign-in are removed for good. You cannot sign in again with this e-mail
          address&apos;s account or get it back.
        </Text>
      </ConfirmDialog>
    </Card.Root>
  );
}
