import { useEffect, useState } from 'react';
import { Button, Code, Heading, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { FormField } from '@/components/form/form-field';
import {
  confirmTotpSetup,
  isTotpEnabled,
  startTotpSetup,
  TOTP_CODE_REFUSED_MESSAGE,
  TOTP_DISABLED_MESSAGE,
  TOTP_ENABLED_MESSAGE,
  turnOffTotp,
  type TotpSetup,
} from '../api/authenticator-app';
import { Message } from './message';

type Outcome = { status: 'success' | 'error'; text: string } | null;

/**
 * Settings, Security: the authenticator app. Off: a button starts the set-up, which shows a QR
 * code to scan, the secret beside it (with a copy button) and its otpauth link, and asks for the
 * app's first code. On: a
 * button turns it off. Admins need it for the admin pages.
 */
export function AuthenticatorAppSection({ accountName }: { accountName: string }) {
  const [enabled, setEnabled] = useState<boolean | undefined>();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    isTotpEnabled().then(setEnabled, () => setEnabled(false));
  }, []);

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
    } catch (_error) {
      setOutcome({ status: 'error', text: failure });
    } finally {
      setBusy(false);
    }
  };

  const begin = () =>
    run(async () => setSetup(await startTotpSetup(accountName)), 'Could not start the set-up.');
  const confirm = () =>
    run(async () => {
      await confirmTotpSetup(code);
      setSetup(null);
      setCode('');
      setEnabled(true);
      setOutcome({ status: 'success', text: TOTP_ENABLED_MESSAGE });
    }, TOTP_CODE_REFUSED_MESSAGE);
  const turnOff = () =>
    run(async () => {
      await turnOffTotp();
      setEnabled(false);
      setOutcome({ status: 'success', text: TOTP_DISABLED_MESSAGE });
    }, 'Could not turn the authenticator app off.');

  return (
    <Stack gap="4" maxW="md" data-testid="authenticator-app">
      <Heading size="md">Authenticator app</Heading>
      <Text color="fg.muted">
        A code from an app on your phone at every sign-in. Required for admin access.
      </Text>
      {outcome && <Message status={outcome.status} text={outcome.text} />}
      {enabled && (
        <Button variant="outline" alignSelf="flex-start" loading={busy} onClick={turnOff}>
          Turn Off Authenticator App
        </Button>
      )}
      {enabled === false && !setup && (
        <Button colorPalette="purple" alignSelf="flex-start" loading={busy} onClick={begin}>
          Set Up Authenticator App
        </Button>
      )}
      {setup && (
        <SetupSteps setup={setup} code={code} onCode={setCode} busy={busy} onConfirm={confirm} />
      )}
    </Stack>
  );
}

/** The QR code, the secret with its copy button and link, and the field for the app's first code. */
function SetupSteps(props: {
  setup: TotpSetup;
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  const { setup } = props;
  return (
    <Stack gap="3">
      <Text>
        Scan this code with your authenticator app, or type the key below into it, or open the link
        on your phone:
      </Text>
      <Image
        src={setup.qrCode}
        alt="QR code to add this account to your authenticator app"
        data-testid="totp-qr-code"
        boxSize="200px"
        bg="white"
      />
      <HStack>
        <Code data-testid="totp-secret" wordBreak="break-all">
          {setup.secret}
        </Code>
        <Button size="xs" onClick={() => void navigator.clipboard.writeText(setup.secret)}>
          Copy
        </Button>
      </HStack>
      <a href={setup.uri}>Open in authenticator app</a>
      <FormField label="Code from the app">
        <Input
          value={props.code}
          onChange={(event) => props.onCode(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      </FormField>
      <Button
        colorPalette="purple"
        alignSelf="flex-start"
        loading={props.busy}
        onClick={props.onConfirm}
      >
        Turn On
      </Button>
    </Stack>
  );
}
