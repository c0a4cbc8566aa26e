import { useState } from 'react';
import { Button, Separator, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFlaskConical } from 'react-icons/lu';
import { BETA_LOGIN_FAILED_MESSAGE } from '@contracts/beta';
import { signInWithBetaAccess } from '../api/beta-sign-in';
import { FormAlert } from './form-alert';

/** Shown only when beta access is switched on (config.json `betaAccess`). */
export function BetaAccessButton({
  onStart,
  onSignedIn,
}: {
  onStart: () => void;
  onSignedIn: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const signIn = async () => {
    setFailed(false);
    onStart();
    setBusy(true);
    try {
      await signInWithBetaAccess();
      onSignedIn();
    } catch (_error) {
      setFailed(true);
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
      {failed && <FormAlert status="error" message={BETA_LOGIN_FAILED_MESSAGE} />}
      <Button variant="outline" colorPalette="purple" onClick={signIn} loading={busy}>
        <LuFlaskConical /> Beta Access
      </Button>
    </Stack>
  );
}
