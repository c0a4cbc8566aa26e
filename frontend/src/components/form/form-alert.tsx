/**
 * A form's own message above its fields: what failed, what succeeded, or a note about the next
 * step. Pages' tests find it by its `data-testid`.
 */
import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react';

export interface FormAlertProps {
  status: 'error' | 'success' | 'info' | 'warning';
  title: ReactNode;
  /** A second line under the title (e.g. a link to what was created). */
  description?: ReactNode;
  size?: 'sm' | 'md';
  'data-testid'?: string;
}

export function FormAlert({ status, title, description, size, ...rest }: FormAlertProps) {
  return (
    <Alert.Root status={status} size={size} data-testid={rest['data-testid']}>
      <Alert.Indicator />
      {description === undefined ? (
        <Alert.Title>{title}</Alert.Title>
      ) : (
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      )}
    </Alert.Root>
  );
}
