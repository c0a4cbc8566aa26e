import { useState } from 'react';
import { Button, Separator, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFlaskConical } from 'react-icons/lu';
import { BETA_EXPIRY_NOTICE, BETA_LOGIN_FAILED_MESSAGE } from '@contracts/beta';
import { ApiError } from '../../../lib/api-error';
import { signInWithBetaAccess } from '../api/beta-sign-in';
import { FormAlert } from './form-alert';

/**
 * Shown only when beta access is switched on (config.json `betaAccess`): each press creates a
 * fresh account for this visitor, removed with its data after a day.
 */
export function BetaAccessButton({
  onStart,
  onSignedIn,
}: {
  onStart: () => void;
  onSignedIn: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const signIn = async () => {
    setFailure(null);
    onStart();
    setBusy(true);
    try {
      await signInWithBetaAccess();
      onSignedIn();
    } catch (error) {
      // The hourly limits say when to try again; any other failure is the spec's message.
      setFailure(
        error instanceof ApiError && error.status === 429
          ? error.message
          : BETA_LOGIN_FAILED_MESSAGE,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3">
      <HStack gap="3">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      {failure && <FormAlert status="error" message={failure} />}
      <Button variant="outline" colorPalette="purple" onClick={signIn} loading={busy}>
        <LuFlaskConical /> Beta Access
      </Button>
      <Text fontSize="xs" color="fg.muted" textAlign="center">
        {BETA_EXPIRY_NOTICE}
      </Text>
    </Stack>
  );
}
