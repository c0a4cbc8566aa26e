import { Alert } from '@chakra-ui/react';

/** The screen-level message: an error from Cognito, or a note about the next step. */
export function FormAlert({
  status,
  message,
}: {
  status: 'error' | 'info' | 'success';
  message: string;
}) {
  return (
    <Alert.Root status={status} data-testid={status === 'error' ? 'auth-error' : 'auth-info'}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
