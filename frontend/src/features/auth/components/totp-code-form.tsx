import { useState } from 'react';
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { confirmTotpCode } from '../../../lib/sign-up-flow';

export const TOTP_SIGN_IN_REFUSED_MESSAGE =
  'That code did not match. Enter the newest code from your authenticator app.';

/** Sign-in's second step for an account with an authenticator app: its 6-digit code. */
export function TotpCodeForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await confirmTotpCode(code);
      onSignedIn();
    } catch (_error) {
      setFailure(TOTP_SIGN_IN_REFUSED_MESSAGE);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Authenticator code">
      <Stack gap="4">
        <Text>Enter the code from your authenticator app.</Text>
        {failure && <FormAlert status="error" title={failure} data-testid="auth-error" />}
        <FormField label="Code">
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          />
        </FormField>
        <Button type="submit" colorPalette="purple" size="lg" loading={busy}>
          Verify
        </Button>
      </Stack>
    </form>
  );
}
