import { Button, Separator, HStack, Stack, Text } from '@chakra-ui/react';
import { LuFlaskConical } from 'react-icons/lu';
import { BETA_EXPIRY_NOTICE, BETA_LOGIN_FAILED_MESSAGE } from '@contract/beta';
import { FormAlert } from '@/components/form/form-alert';
import { ApiError } from '@/lib/api-error';
import { useBetaSignIn } from '../api/beta-sign-in';

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
  const betaSignIn = useBetaSignIn();
  const { error } = betaSignIn;
  // The hourly limits say when to try again; any other failure is the product's message.
  const failure = !error
    ? null
    : error instanceof ApiError && error.status === 429
      ? error.message
      : BETA_LOGIN_FAILED_MESSAGE;

  return (
    <Stack gap="3">
      <HStack gap="3">
        <Separator flex="1" />
        <Text fontSize="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      {failure && <FormAlert status="error" title={failure} data-testid="auth-error" />}
      <Button
        variant="outline"
        colorPalette="purple"
        onClick={() => {
          onStart();
          betaSignIn.mutate(undefined, { onSuccess: onSignedIn });
        }}
        loading={betaSignIn.isPending}
      >
        <LuFlaskConical /> Beta Access
      </Button>
      <Text fontSize="xs" color="fg.muted" textAlign="center">
        {BETA_EXPIRY_NOTICE}
      </Text>
    </Stack>
  );
}
