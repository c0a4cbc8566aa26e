import { Alert } from '@chakra-ui/react';

/** A tab's outcome line: saved, or why not. */
export function Message({ status, text }: { status: 'success' | 'error' | 'info'; text: string }) {
  return (
    <Alert.Root status={status} data-testid={`settings-${status}`}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
