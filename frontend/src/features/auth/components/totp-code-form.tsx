import { useState } from 'react';
import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { FormAlert } from '@/components/form/form-alert';
import { FormField } from '@/components/form/form-field';
import { totpSignInFailure } from '@/lib/mfa-status';
import { confirmTotpCode } from '@/lib/sign-up-flow';

export { TOTP_SIGN_IN_REFUSED_MESSAGE } from '@/lib/mfa-status';

/**
 * Sign-in's second step for an account with an authenticator app: its 6-digit code. A wrong code
 * may be tried again; a sign-in that timed out starts again from the password (`onStartAgain`).
 */
export function TotpCodeForm({
  onSignedIn,
  onStartAgain,
}: {
  onSignedIn: () => void;
  onStartAgain: () => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof totpSignInFailure> | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await confirmTotpCode(code);
      onSignedIn();
    } catch (error) {
      setFailure(totpSignInFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Authenticator code">
      <Stack gap="4">
        <Text>Enter the code from your authenticator app.</Text>
        {failure && <FormAlert status="error" title={failure.message} data-testid="auth-error" />}
        <FormField label="Code">
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
          />
        </FormField>
        {failure?.startAgain ? (
          <Button colorPalette="purple" size="lg" onClick={onStartAgain}>
            Start Again
          </Button>
        ) : (
          <Button type="submit" colorPalette="purple" size="lg" loading={busy}>
            Verify
          </Button>
        )}
      </Stack>
    </form>
  );
}
