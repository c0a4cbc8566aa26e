/**
 * A page that could not be shown: the reason in an error alert, alone or with a way on (a link
 * back, a button elsewhere). Used when a page's data failed to load or does not exist.
 */
import type { ReactNode } from 'react';
import { Alert, Container, Stack, type ContainerProps, type StackProps } from '@chakra-ui/react';

export interface ErrorPageProps {
  message: ReactNode;
  /** The alert's `data-testid`. */
  testId?: string;
  maxW?: ContainerProps['maxW'];
  py?: ContainerProps['py'];
  /** Above the alert, outside it (a "Back to …" link). */
  before?: ReactNode;
  /** Below the alert, in a stack with it (a way on). */
  action?: ReactNode;
  /** The space between the alert and `action`. */
  gap?: StackProps['gap'];
}

export function ErrorPage({
  message,
  testId,
  maxW = '3xl',
  py = '16',
  before,
  action,
  gap = '4',
}: ErrorPageProps) {
  const alert = (
    <Alert.Root status="error" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
  return (
    <Container maxW={maxW} py={py}>
      {before}
      {action ? (
        <Stack gap={gap}>
          {alert}
          {action}
        </Stack>
      ) : (
        alert
      )}
    </Container>
  );
}
